package dev.parley.bootstrap;

import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.adapter.safety.SafetyPolicyFileException;
import dev.parley.domain.safety.SafetyPolicy;
import dev.parley.domain.safety.SafetyValidator;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The one holder of the safety validator in use, shared by everything that validates in this process (the pipeline
 * both ways, the composer's check, {@code POST /api/validate}): {@code safety.json} of the home (else the built-in
 * one), compiled at start; the console's Settings save swaps in the new policy with one atomic reference write, so the
 * next validation anywhere carries the new policy version, without a restart. A validation already running finishes
 * on the policy it started with.
 */
final class LiveSafetyPolicy implements Supplier<SafetyValidator> {
    private final Path home;
    private final Clock clock;
    private final LoggingValidationFailures failures = new LoggingValidationFailures();
    private final AtomicReference<SafetyValidator> current = new AtomicReference<>();

    LiveSafetyPolicy(Path home, Clock clock) {
        this.home = home;
        this.clock = clock;
        reload();
    }

    /** Compiles the home's file again and uses it from the next message on; a bad file is refused, nothing changes. */
    void reload() {
        try {
            use(SafetyPolicyFile.load(SafetyPolicyFile.overrideIn(home)).policy());
        } catch (SafetyPolicyFileException e) {
            throw new ConfigException(SafetyPolicyFile.FILE_NAME, e.getMessage());
        }
    }

    /** Uses {@code policy} (already compiled and checked) from the next validation on. */
    void use(SafetyPolicy policy) {
        current.set(new SafetyValidator(policy, clock, failures));
    }

    @Override
    public SafetyValidator get() {
        return current.get();
    }
}
