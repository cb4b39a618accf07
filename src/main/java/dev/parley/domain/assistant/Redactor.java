package dev.parley.domain.assistant;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seed 001 step 1: removes sensitive data before anything else sees the text (models, logs, dialogue memory).
 * Rules run in order, each on what the earlier ones left: secrets (API keys, tokens, JWTs, key=value secrets),
 * e-mail addresses, IBANs (mod-97 checked), card numbers (Luhn checked), US social security numbers, phone numbers,
 * street addresses. A candidate that fails its check (a 16-digit order number that is not a card) stays.
 */
public final class Redactor {

    /** One kind of sensitive data: a pattern, an optional check of the match, and its placeholder. */
    record Rule(String kind, Pattern pattern, int group, Predicate<String> check) {
        String placeholder() {
            return "[" + kind + "]";
        }
    }

    private static final int CI = Pattern.CASE_INSENSITIVE;
    private static final List<Rule> RULES = List.of(
            new Rule("SECRET", Pattern.compile("\\b(?:sk|pk|rk)[-_](?:live[-_]|test[-_]|proj[-_])?[A-Za-z0-9_-]{16,}"),
                    0, s -> true),
            new Rule("SECRET", Pattern.compile("\\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}|\\bgithub_pat_[A-Za-z0-9_]{20,}"),
                    0, s -> true),
            new Rule("SECRET", Pattern.compile("\\bxox[abprs]-[A-Za-z0-9-]{10,}"), 0, s -> true),
            new Rule("SECRET", Pattern.compile("\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b"), 0, s -> true),
            new Rule("SECRET", Pattern.compile("\\bAIza[0-9A-Za-z_-]{35}"), 0, s -> true),
            new Rule("SECRET", Pattern.compile("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"), 0,
                    s -> true),
            new Rule("SECRET", Pattern.compile("\\bBearer\\s+([A-Za-z0-9._~+/-]{16,}=*)", CI), 1, s -> true),
            new Rule("SECRET", Pattern.compile(
                    "\\b(?:api[_ -]?key|access[_ -]?key|secret(?:[_ -]?key)?|token|password|passwd|pwd)\\s*(?:is|[:=])\\s*"
                            + "[\"']?([^\\s\"',;]{6,})", CI), 1, s -> true),
            new Rule("SECRET", Pattern.compile("\\b[A-Za-z0-9_-]{32,}\\b"), 0, Redactor::looksRandom),
            new Rule("EMAIL", Pattern.compile("\\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}\\b"), 0, s -> true),
            new Rule("IBAN", Pattern.compile("\\b[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){11,30}\\b"), 0, Redactor::validIban),
            new Rule("CARD", Pattern.compile("(?<![\\d-])(?:\\d[ -]?){12,18}\\d(?![\\d-])"), 0, Redactor::luhn),
            new Rule("SSN", Pattern.compile("\\b(?!000|666|9\\d\\d)\\d{3}-(?!00)\\d{2}-(?!0000)\\d{4}\\b"), 0, s -> true),
            new Rule("SSN", Pattern.compile("\\b(?:ssn|social security(?: number| no\\.?)?)\\s*(?:is|:|#)?\\s*(\\d{9})\\b", CI),
                    1, s -> true),
            new Rule("PHONE", Pattern.compile("(?<![\\w+])\\+\\d{1,3}[\\s.-]?(?:\\(\\d{1,4}\\)[\\s.-]?)?\\d(?:[\\s.-]?\\d){5,12}\\b"),
                    0, s -> true),
            new Rule("PHONE", Pattern.compile("(?<!\\w)(?:\\(\\d{3}\\)\\s?|\\d{3}[\\s.-])\\d{3}[\\s.-]\\d{4}\\b"), 0,
                    s -> true),
            new Rule("PHONE", Pattern.compile("(?<![\\w+])0\\d{2,4}[\\s-]?\\d{3,4}[\\s-]?\\d{3,4}\\b"), 0, s -> true),
            new Rule("ADDRESS", Pattern.compile("\\b\\d{1,6}[A-Za-z]?\\s+(?:[A-Z][A-Za-z'.-]*\\s+){1,4}"
                    + "(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Way|Place|Pl|Terrace"
                    + "|Close|Crescent|Parkway|Pkwy|Highway|Hwy|Square|Sq)\\b\\.?"
                    + "(?:,?\\s*(?:Apt|Apartment|Suite|Unit|Flat|#)\\.?\\s*[A-Za-z0-9-]+)?"), 0, s -> true),
            new Rule("ADDRESS", Pattern.compile("\\bP\\.?\\s?O\\.?\\s+Box\\s+\\d+\\b", CI), 0, s -> true));

    public Redaction redact(String text) {
        if (text == null || text.isEmpty()) return new Redaction(text == null ? "" : text, List.of());
        var kinds = new LinkedHashSet<String>();
        var current = text;
        for (var rule : RULES) {
            current = apply(rule, current, kinds);
        }
        return new Redaction(current, new ArrayList<>(kinds));
    }

    private static String apply(Rule rule, String text, LinkedHashSet<String> kinds) {
        Matcher m = rule.pattern().matcher(text);
        var out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            var value = m.group(rule.group());
            if (value == null || !rule.check().test(value)) continue;
            out.append(text, last, m.start(rule.group())).append(rule.placeholder());
            last = m.end(rule.group());
            kinds.add(rule.kind());
        }
        if (last == 0) return text;
        return out.append(text.substring(last)).toString();
    }

    /** The Luhn checksum of the digits of a 13-19 digit candidate. */
    static boolean luhn(String candidate) {
        var digits = candidate.replaceAll("[ -]", "");
        if (digits.length() < 13 || digits.length() > 19 || digits.chars().distinct().count() == 1) return false;
        int sum = 0;
        boolean dbl = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (dbl) {
                d *= 2;
                if (d > 9) d -= 9;
            }
            sum += d;
            dbl = !dbl;
        }
        return sum % 10 == 0;
    }

    /** ISO 13616: move the first four characters to the end, letters to numbers, remainder mod 97 must be 1. */
    static boolean validIban(String candidate) {
        var iban = candidate.replace(" ", "").toUpperCase(Locale.ROOT);
        if (iban.length() < 15 || iban.length() > 34) return false;
        var rearranged = iban.substring(4) + iban.substring(0, 4);
        int remainder = 0;
        for (int i = 0; i < rearranged.length(); i++) {
            char c = rearranged.charAt(i);
            int value = Character.isDigit(c) ? c - '0' : Character.isLetter(c) ? c - 'A' + 10 : -1;
            if (value < 0) return false;
            remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
        }
        return remainder == 1;
    }

    /** A long run of letters and digits that mixes both and is not a word: a key or token. */
    static boolean looksRandom(String s) {
        long digits = s.chars().filter(Character::isDigit).count();
        long letters = s.chars().filter(Character::isLetter).count();
        long upper = s.chars().filter(Character::isUpperCase).count();
        return digits >= 4 && letters >= 8 && (upper >= 2 || digits >= 8);
    }
}
