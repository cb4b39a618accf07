package dev.parley.adapter.persistence;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How text becomes search terms, for indexing and for queries alike: Unicode-normalised, accents dropped, lower
 * case, split on anything that is not a letter or digit; words of one letter and common English function words are
 * left out; a term is at most {@value #MAX} characters. An address also gives every suffix of its digits from
 * three digits up, so that a query that is a prefix of a term finds any run of digits in a phone number.
 */
final class SearchTerms {
    static final int MAX = 40;
    /** A query word shorter than this matches whole terms only; longer ones also match terms they begin. */
    static final int PREFIX_FROM = 3;
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern SPLIT = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Set<String> STOP = Set.of("the", "and", "to", "of", "a", "an", "in", "on", "at", "for",
            "is", "it", "that", "this", "be", "was", "are", "with", "as", "or", "but", "so", "if", "my", "me", "we",
            "you", "your", "our", "us", "he", "she", "they", "them", "his", "her", "their", "its", "have", "has",
            "had", "do", "did", "not", "no", "by", "from", "up", "out", "am", "im", "i", "just", "about", "would",
            "could", "there", "what", "any", "all", "can", "will", "been", "were", "then", "than", "too", "very");

    private SearchTerms() {
    }

    /** The distinct terms of a text, in order of first appearance. */
    static Set<String> of(String text) {
        var terms = new LinkedHashSet<String>();
        if (text == null) return terms;
        for (var word : SPLIT.split(normalise(text))) {
            if (word.length() < 2 || STOP.contains(word)) continue;
            terms.add(word.length() > MAX ? word.substring(0, MAX) : word);
        }
        return terms;
    }

    /** The terms of a contact address or conversation key: its words, and every digit suffix of 3+ digits. */
    static Set<String> ofAddress(String address) {
        var terms = new LinkedHashSet<String>();
        if (address == null) return terms;
        for (var word : SPLIT.split(normalise(address))) {
            if (word.length() >= 2) terms.add(word.length() > MAX ? word.substring(0, MAX) : word);
        }
        var digits = address.replaceAll("\\D", "");
        if (digits.length() > MAX) digits = digits.substring(digits.length() - MAX);
        for (int i = 0; i + 3 <= digits.length(); i++) terms.add(digits.substring(i));
        return terms;
    }

    /** The words of a query, as terms (function words dropped: they are not indexed). */
    static List<String> query(String query) {
        var words = new ArrayList<String>();
        if (query == null) return words;
        for (var word : SPLIT.split(normalise(query))) {
            if (word.length() < 2 || STOP.contains(word)) continue;
            var term = word.length() > MAX ? word.substring(0, MAX) : word;
            if (!words.contains(term)) words.add(term);
        }
        return words;
    }

    private static String normalise(String text) {
        return MARKS.matcher(Normalizer.normalize(text, Normalizer.Form.NFD)).replaceAll("")
                .toLowerCase(Locale.ROOT);
    }
}
