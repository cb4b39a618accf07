package dev.parley.domain.safety;

import dev.parley.domain.alert.TermFinder;
import dev.parley.domain.alert.TermFinderCompiler;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link SafetyRules} with every lexicon compiled by the alert patterns' linear-time {@link TermFinderCompiler},
 * and its version (a hash of the file it came from). Immutable and thread-safe.
 */
public final class SafetyPolicy {
    private final SafetyRules rules;
    private final String version;
    private final Map<RiskCategory, List<CompiledEntry>> compiled;

    private SafetyPolicy(SafetyRules rules, String version, Map<RiskCategory, List<CompiledEntry>> compiled) {
        this.rules = rules;
        this.version = version;
        this.compiled = compiled;
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
        return new SafetyPolicy(rules, version, Map.copyOf(compiled));
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
