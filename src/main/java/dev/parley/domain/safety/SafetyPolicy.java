package dev.parley.domain.safety;

import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermFinderCompiler;
import dev.parley.domain.alert.TermHit;
import dev.parley.domain.alert.TextNormalization;
import dev.parley.domain.memo.RecentAnswers;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link SafetyRules} with every lexicon compiled by the alert patterns' linear-time {@link TermFinderCompiler},
 * and its version (a hash of the file it came from). Immutable (its memo of recent texts aside) and thread-safe.
 */
public final class SafetyPolicy {
    private final SafetyRules rules;
    private final String version;
    private final Map<RiskCategory, List<CompiledEntry>> compiled;
    /** Every phrase of every entry in one Aho-Corasick pass (null when there are none). */
    private final TermFinder phrases;
    /** The entries each normalised phrase belongs to. */
    private final Map<String, List<CompiledEntry>> byPhrase;
    /** The entries that are patterns, each with its own finder. */
    private final List<CompiledEntry> patterns;
    /**
     * The hits of texts met recently. Finding is a pure function of the text, and texts recur: every outbound
     * message is screened, and most are a playbook's templates (issue 17's profile of the demo, docs/benchmarks.md
     * "parley demo": this search, nearly all of it on texts already seen). 16,384: the 100,000-conversation demo
     * screens some 9,200 distinct texts (its replies name the person), which 4,096 could not hold; a remembered text
     * costs about a kilobyte, so this is at most about 16 MB.
     */
    private final RecentAnswers<List<Hit>> recent = new RecentAnswers<>(16_384, 1_000, this::scan);
    private final LinkSignals links;
    /** The crisis resources' finders (phrases and patterns). */
    private final List<TermFinder> crisisResources;

    private SafetyPolicy(SafetyRules rules, String version, Map<RiskCategory, List<CompiledEntry>> compiled,
                         TermFinder phrases, Map<String, List<CompiledEntry>> byPhrase, List<CompiledEntry> patterns,
                         LinkSignals links, List<TermFinder> crisisResources) {
        this.rules = rules;
        this.version = version;
        this.compiled = compiled;
        this.phrases = phrases;
        this.byPhrase = byPhrase;
        this.patterns = patterns;
        this.links = links;
        this.crisisResources = crisisResources;
    }

    /**
     * Compiles {@code rules}.
     *
     * @throws InvalidSafetyPolicyException naming the category and entry that cannot be compiled
     */
    public static SafetyPolicy compile(SafetyRules rules, TermFinderCompiler compiler, String version) {
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(compiler, "compiler");
        Objects.requireNonNull(version, "version");
        Map<RiskCategory, List<CompiledEntry>> compiled = new EnumMap<>(RiskCategory.class);
        for (RiskCategory category : RiskCategory.values()) {
            List<CompiledEntry> entries = new ArrayList<>();
            for (LexiconEntry entry : rules.lexicon(category)) {
                try {
                    TermFinder finder = entry.pattern().isPresent()
                            ? compiler.compilePattern(entry.pattern().get(), dev.parley.domain.alert.MatchingMode.PARLEY)
                            : compiler.compilePhrases(entry.phrases());
                    entries.add(new CompiledEntry(category, entry, finder));
                } catch (IllegalArgumentException e) {
                    throw new InvalidSafetyPolicyException("lexicons." + category.wire() + " entry '" + entry.id()
                            + "': " + e.getMessage());
                }
            }
            compiled.put(category, List.copyOf(entries));
        }
        Map<String, List<CompiledEntry>> byPhrase = new HashMap<>();
        List<CompiledEntry> patterns = new ArrayList<>();
        for (RiskCategory category : RiskCategory.values()) {
            for (CompiledEntry entry : compiled.get(category)) {
                if (entry.entry().pattern().isPresent()) {
                    patterns.add(entry);
                    continue;
                }
                for (String phrase : entry.entry().phrases()) {
                    List<CompiledEntry> owners = byPhrase.computeIfAbsent(TextNormalization.normalize(phrase),
                            k -> new ArrayList<>());
                    if (!owners.contains(entry)) owners.add(entry);
                }
            }
        }
        TermFinder all = byPhrase.isEmpty() ? null : compiler.compilePhrases(List.copyOf(byPhrase.keySet()));
        Map<String, List<CompiledEntry>> frozen = new HashMap<>();
        byPhrase.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        List<String> mentions = new ArrayList<>();
        for (LinkRules.Brand brand : rules.links().brands()) mentions.addAll(brand.mentions());
        TermFinder mentionFinder;
        try {
            mentionFinder = mentions.isEmpty() ? null : compiler.compilePhrases(mentions);
        } catch (IllegalArgumentException e) {
            throw new InvalidSafetyPolicyException("links.brands: " + e.getMessage());
        }
        List<TermFinder> resources = new ArrayList<>();
        for (LexiconEntry entry : rules.crisisResources()) {
            try {
                resources.add(entry.pattern().isPresent()
                        ? compiler.compilePattern(entry.pattern().get(), dev.parley.domain.alert.MatchingMode.PARLEY)
                        : compiler.compilePhrases(entry.phrases()));
            } catch (IllegalArgumentException e) {
                throw new InvalidSafetyPolicyException("crisis_resources entry '" + entry.id() + "': "
                        + e.getMessage());
            }
        }
        return new SafetyPolicy(rules, version, Map.copyOf(compiled), all, Map.copyOf(frozen), List.copyOf(patterns),
                new LinkSignals(rules.links(), mentionFinder, TextNormalization::normalize), List.copyOf(resources));
    }

    /** The link signals of this policy's {@link LinkRules}. */
    LinkSignals links() {
        return links;
    }

    /** Where {@code normalized} text names a crisis resource (a helpline, "call 988"): the spans, possibly none. */
    List<TermHit> crisisResources(String normalized) {
        if (crisisResources.isEmpty()) return List.of();
        List<TermHit> hits = new ArrayList<>();
        for (TermFinder finder : crisisResources) hits.addAll(finder.find(normalized));
        return hits;
    }

    /**
     * Every lexicon hit in {@code normalized} text: one pass for all phrases, one per pattern entry. Each hit is
     * reported once per entry it belongs to.
     */
    public List<Hit> find(String normalized) {
        return recent.of(normalized);
    }

    private List<Hit> scan(String normalized) {
        List<Hit> hits = new ArrayList<>();
        if (phrases != null) {
            for (TermHit hit : phrases.find(normalized)) {
                List<CompiledEntry> owners = byPhrase.get(hit.term());
                if (owners == null) continue;
                for (CompiledEntry owner : owners) hits.add(new Hit(owner, hit));
            }
        }
        for (CompiledEntry entry : patterns) {
            if (!mayMatch(entry.entry().requires(), normalized)) continue;
            for (TermHit hit : entry.finder().find(normalized)) hits.add(new Hit(entry, hit));
        }
        return List.copyOf(hits);
    }

    private static boolean mayMatch(List<String> requires, String normalized) {
        if (requires.isEmpty()) return true;
        for (String r : requires) {
            if (normalized.contains(r)) return true;
        }
        return false;
    }

    /** One hit of one entry. */
    public record Hit(CompiledEntry entry, TermHit hit) {
    }

    public SafetyRules rules() {
        return rules;
    }

    /** The policy version: SHA-256 (first 16 hex) of the file's bytes. */
    public String version() {
        return version;
    }

    /** The compiled entries of {@code category}, in file order. */
    public List<CompiledEntry> entries(RiskCategory category) {
        return compiled.getOrDefault(category, List.of());
    }

    /** One lexicon entry with its finder. */
    public record CompiledEntry(RiskCategory category, LexiconEntry entry, TermFinder finder) {
    }
}
