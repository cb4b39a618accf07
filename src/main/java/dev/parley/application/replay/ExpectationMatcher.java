package dev.parley.application.replay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;

/**
 * Checks a transcript against expectations. Each expected line must match, in order, a later actual line of the
 * same kind and conversation: "later" means after the line that the previous expectation of the same
 * conversation matched, so a golden file may list conversations one after another. Fields an expected line
 * leaves out are not compared.
 */
public final class ExpectationMatcher {
    private static final int NEAREST = 3;

    private ExpectationMatcher() {
    }

    /** The outcome: every unmet expectation with the actual lines nearest to it. */
    public record Report(int expectations, List<String> failures) {
        public boolean passed() {
            return failures.isEmpty();
        }

        /** A readable diff: which expectations failed and what the transcript has instead. */
        public String render() {
            if (passed()) return "all " + expectations + " expectations met\n";
            var out = new StringBuilder();
            out.append(failures.size()).append(" of ").append(expectations).append(" expectations not met\n");
            failures.forEach(f -> out.append('\n').append(f));
            return out.toString();
        }
    }

    private record Actual(int number, TranscriptLine line, ObjectNode json) {
    }

    public static Report match(List<Expectation> expectations, List<TranscriptLine> transcript) {
        var actual = new ArrayList<Actual>(transcript.size());
        for (int i = 0; i < transcript.size(); i++) {
            actual.add(new Actual(i + 1, transcript.get(i), TranscriptWriter.node(transcript.get(i))));
        }
        var cursors = new HashMap<String, Integer>();
        var failures = new ArrayList<String>();
        for (var expected : expectations) {
            if (expected.isNone()) {
                none(expected, actual).ifPresent(failures::add);
                continue;
            }
            int cursor = cursors.getOrDefault(expected.conversation(), 0);
            int found = -1;
            for (int i = cursor; i < actual.size(); i++) {
                if (differences(expected, actual.get(i)).isEmpty()) {
                    found = i;
                    break;
                }
            }
            if (found >= 0) {
                cursors.put(expected.conversation(), found + 1);
            } else {
                failures.add(describeMiss(expected, actual, cursor));
            }
        }
        return new Report(expectations.size(), failures);
    }

    private static java.util.Optional<String> none(Expectation expected, List<Actual> actual) {
        var offending = actual.stream()
                .filter(a -> a.line().kind().equals(expected.of())
                        && a.line().conversation().equals(expected.conversation())
                        && a.line().at().isAfter(expected.after())
                        && (expected.until() == null || !a.line().at().isAfter(expected.until())))
                .toList();
        if (offending.isEmpty()) return java.util.Optional.empty();
        var out = new StringBuilder();
        out.append(expected.where()).append(": expected no ").append(expected.of()).append(" line for ")
                .append(expected.conversation()).append(" after ").append(expected.after())
                .append(expected.until() == null ? "" : " until " + expected.until()).append('\n');
        out.append("  but the transcript has:\n");
        offending.stream().limit(NEAREST).forEach(a -> out.append(actualLine(a, List.of())));
        if (offending.size() > NEAREST) out.append("    … and ").append(offending.size() - NEAREST).append(" more\n");
        return java.util.Optional.of(out.toString());
    }

    /** Names of the expected fields the actual line does not match; kind and conversation first. */
    private static List<String> differences(Expectation expected, Actual actual) {
        var diff = new ArrayList<String>();
        if (!actual.line().kind().equals(expected.kind())) diff.add("kind");
        if (!actual.line().conversation().equals(expected.conversation())) diff.add("conversation");
        if (!diff.isEmpty()) return diff;
        var names = expected.json().fieldNames();
        while (names.hasNext()) {
            var field = names.next();
            if (field.equals("kind") || field.equals("conversation")) continue;
            if (!FieldMatch.matches(field, expected.json().get(field), actual.json().get(field))) diff.add(field);
        }
        return diff;
    }

    private static String describeMiss(Expectation expected, List<Actual> actual, int cursor) {
        var out = new StringBuilder();
        out.append(expected.where()).append(": expected ").append(CanonicalJson.write(expected.json())).append('\n');
        var sameKind = actual.stream()
                .filter(a -> a.line().kind().equals(expected.kind())
                        && a.line().conversation().equals(expected.conversation()))
                .toList();
        if (sameKind.isEmpty()) {
            var ofConversation = actual.stream()
                    .filter(a -> a.line().conversation().equals(expected.conversation())).toList();
            if (ofConversation.isEmpty()) {
                out.append("  the transcript has no line for conversation ").append(expected.conversation())
                        .append('\n');
            } else {
                out.append("  no ").append(expected.kind()).append(" line for ").append(expected.conversation())
                        .append("; its lines are:\n");
                ofConversation.stream().limit(NEAREST * 2).forEach(a -> out.append(actualLine(a, List.of())));
            }
            return out.toString();
        }
        out.append("  no matching ").append(expected.kind()).append(" line for ").append(expected.conversation());
        out.append(cursor == 0 ? "" : " after transcript line " + cursor).append("; nearest actual lines:\n");
        sameKind.stream()
                .sorted(Comparator.comparingInt((Actual a) -> a.number() > cursor ? 0 : 1)
                        .thenComparingInt(a -> differences(expected, a).size())
                        .thenComparingInt(Actual::number))
                .limit(NEAREST)
                .forEach(a -> out.append(actualLine(a, differences(expected, a))
                        + (a.number() > cursor ? "" : "      (before the previous match)\n")));
        return out.toString();
    }

    private static String actualLine(Actual a, List<String> differs) {
        return "    transcript:" + a.number() + " " + CanonicalJson.write(a.json())
                + (differs.isEmpty() ? "" : "  (differs in: " + String.join(", ", differs) + ")") + "\n";
    }
}
