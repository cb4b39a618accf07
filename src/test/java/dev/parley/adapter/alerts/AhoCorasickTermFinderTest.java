package dev.parley.adapter.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.domain.alert.CriticalAlertDetector;
import dev.parley.domain.alert.MatchingMode;
import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermFinderCompiler;
import dev.parley.domain.alert.TermHit;
import dev.parley.domain.alert.TextNormalization;
import dev.parley.domain.safety.SafetyPolicy;
import dev.parley.testing.RecurringTexts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: the array automaton finds exactly what {@code org.ahocorasick}'s trie found, hit for hit and in the same
 * order (by end position, then term order), with and without word boundaries, on every term set Parley ships (the
 * safety lexicons and the alert patterns with their rules' phrases, both matching modes) and their union, over the
 * demo's templates, the labelled data on this machine and random texts made to overlap, repeat and leave ASCII.
 */
class AhoCorasickTermFinderTest {
    private static final Path DATA = Path.of("/work/shared/data");

    @Test
    void shippedTermSetsFindWhatTheLibraryFound() {
        List<Set<String>> sets = shippedTermSets();
        assertThat(sets).hasSizeGreaterThan(20);
        Set<String> union = new LinkedHashSet<>();
        sets.forEach(union::addAll);
        List<String> texts = withNormalForms(RecurringTexts.all());
        long hits = 0;
        for (Set<String> terms : sets) hits += compare(terms, texts);
        List<String> everything = new ArrayList<>(texts);
        everything.addAll(withNormalForms(otherLabelledTexts()));
        hits += compare(union, everything);
        assertThat(hits).as("hits compared").isGreaterThan(10_000);
    }

    @Test
    void overlappingNestedAndRepeatedTerms() {
        Set<String> terms = Set.of("a", "aa", "aaa", "ab", "b", "bab", "abab", "he", "she", "his", "hers", "i'd hate",
                "hate", "ate", "te", "-", "--", "a-a", "kill", "kill myself", "ill");
        List<String> texts = List.of("", "a", "aaaaaaa", "ababababab", "ushers", "she sells his hers",
                "i'd hate that, i hate it", "a-a-a--a", "kill myself killing kill", "xxaaxxabab", "AAA Aa aA", "b a");
        assertThat(compare(terms, texts)).isGreaterThan(50);
        // per end position, the terms ending there in term order
        assertThat(new AhoCorasickTermFinder(Set.of("aa", "a"), false).find("aaa")).containsExactly(
                new TermHit("a", 0, 1), new TermHit("a", 1, 2), new TermHit("aa", 0, 2), new TermHit("a", 2, 3),
                new TermHit("aa", 1, 3));
    }

    @Test
    void randomTextsOverSmallAlphabets() {
        Random random = new Random(17);
        String[] alphabets = {"ab", "ab -'", "aé İı-", "a\uD83D\uDE00\uD83D b", "abc xyz,'", "ßsSkK\u212A "};
        for (int round = 0; round < 3_000; round++) {
            String alphabet = alphabets[round % alphabets.length];
            Set<String> terms = new LinkedHashSet<>();
            int count = 1 + random.nextInt(12);
            for (int i = 0; i < count; i++) terms.add(randomText(random, alphabet, random.nextInt(7)));
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < 20; i++) texts.add(randomText(random, alphabet, random.nextInt(120)));
            // a text built from the terms themselves, so that they overlap and repeat
            StringBuilder glued = new StringBuilder();
            for (int i = 0; i < 30; i++) glued.append(List.copyOf(terms).get(random.nextInt(terms.size())));
            texts.add(glued.toString());
            texts.add(glued.toString().toUpperCase(java.util.Locale.ROOT));
            compare(terms, texts);
        }
    }

    /**
     * Thousands of terms over thousands of characters (a lexicon in many scripts) would need a complete table of
     * hundreds of millions of slots: the automaton keeps edges and failure links instead, and still finds what the
     * library finds. The shipped term sets keep their complete table.
     */
    @Test
    void aLargeTermSetOverALargeAlphabetIsBuiltWithoutACompleteTable() {
        Random random = new Random(29);
        StringBuilder alphabet = new StringBuilder("abcdefghijklmnopqrstuvwxyz ");
        for (char c = '\u4e00'; c < '\u4e00' + 3_000; c++) alphabet.append(c);
        for (char c = '\u0430'; c < '\u0450'; c++) alphabet.append(c);
        Set<String> terms = new LinkedHashSet<>();
        while (terms.size() < 40_000) terms.add(randomText(random, alphabet.toString(), 2 + random.nextInt(10)));
        var finder = new AhoCorasickTermFinder(terms, false);
        assertThat(finder.dense()).as("40,000 terms over 3,059 characters").isFalse();
        List<String> texts = new ArrayList<>();
        List<String> list = List.copyOf(terms);
        for (int i = 0; i < 200; i++) {
            StringBuilder text = new StringBuilder(randomText(random, alphabet.toString(), 50));
            for (int j = 0; j < 5; j++) text.append(list.get(random.nextInt(list.size())));
            texts.add(text.toString());
        }
        assertThat(compare(terms, texts)).isGreaterThan(1_000);
        for (Set<String> shipped : shippedTermSets()) {
            assertThat(new AhoCorasickTermFinder(shipped, true).dense()).as("%s", shipped).isTrue();
        }
    }

    @Test
    void noTermsAndEmptyTermsFindNothing() {
        assertThat(new AhoCorasickTermFinder(Set.of(), true).find("anything at all")).isEmpty();
        assertThat(new AhoCorasickTermFinder(Set.of(""), false).find("anything")).isEmpty();
        compare(Set.of("", "a"), List.of("banana", ""));
    }

    /**
     * Compares our finder, with its complete transition table and with edges and failure links only, with the library
     * on every text, with and without word boundaries; returns the number of hits.
     */
    private static long compare(Set<String> terms, List<String> texts) {
        long hits = 0;
        for (boolean wordBoundaries : new boolean[] {true, false}) {
            var ours = new AhoCorasickTermFinder(terms, wordBoundaries);
            var sparse = new AhoCorasickTermFinder(terms, wordBoundaries, 0);
            assertThat(sparse.dense()).isFalse();
            var library = new LibraryTermFinder(terms, wordBoundaries);
            for (String text : texts) {
                List<TermHit> expected = library.find(text);
                assertThat(ours.find(text)).as("terms %s, word boundaries %s, text '%s'", terms, wordBoundaries, text)
                        .isEqualTo(expected);
                assertThat(sparse.find(text)).as("sparse: terms %s, word boundaries %s, text '%s'", terms,
                        wordBoundaries, text).isEqualTo(expected);
                hits += expected.size();
            }
        }
        return hits;
    }

    /** Every literal term set the shipped safety.json and opt_out_phrases.json compile to, in both modes. */
    private static List<Set<String>> shippedTermSets() {
        var recorder = new RecordingCompiler();
        SafetyPolicy.compile(SafetyPolicyFile.loadDefault().policy().rules(), recorder, "test");
        var patterns = AlertPatternsFile.loadDefault().patterns();
        CriticalAlertDetector.build(patterns, recorder, MatchingMode.PARLEY);
        CriticalAlertDetector.build(patterns, recorder, MatchingMode.SEED_RAW);
        return List.copyOf(recorder.sets);
    }

    private static final class RecordingCompiler implements TermFinderCompiler {
        private final LinearTimeTermFinderCompiler real = new LinearTimeTermFinderCompiler();
        private final Set<Set<String>> sets = new LinkedHashSet<>();

        @Override
        public TermFinder compilePattern(String expression, MatchingMode mode) {
            return record(real.compilePattern(expression, mode));
        }

        @Override
        public TermFinder compilePhrases(List<String> phrases) {
            return record(real.compilePhrases(phrases));
        }

        private TermFinder record(TermFinder finder) {
            if (!finder.literalTerms().isEmpty()) sets.add(finder.literalTerms());
            return finder;
        }
    }

    private static List<String> withNormalForms(List<String> texts) {
        Set<String> all = new LinkedHashSet<>(texts);
        for (String t : texts) all.add(TextNormalization.normalize(t));
        return List.copyOf(all);
    }

    /** The self-harm posts and the hate-speech tweets, when the labelled data is on this machine. */
    private static List<String> otherLabelledTexts() {
        List<String> texts = new ArrayList<>();
        texts.addAll(csvColumn(DATA.resolve("selfharm-dev/suicide-watch-sample.csv"), 1));
        texts.addAll(csvColumn(DATA.resolve("hate-speech-offensive/labeled_data.csv"), 6));
        return texts;
    }

    /** One column of a CSV file with a header (quoted fields may span lines); empty when the file is absent. */
    private static List<String> csvColumn(Path file, int column) {
        if (!Files.isRegularFile(file)) return List.of();
        String csv;
        try {
            csv = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        List<String> values = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean header = true;
        int col = 0;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',' || c == '\n') {
                if (col == column && !header) values.add(field.toString());
                field.setLength(0);
                col = c == ',' ? col + 1 : 0;
                if (c == '\n') header = false;
            } else if (c != '\r') {
                field.append(c);
            }
        }
        if (col == column && !header && !field.isEmpty()) values.add(field.toString());
        return values;
    }

    private static String randomText(Random random, String alphabet, int length) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        return b.toString();
    }
}
