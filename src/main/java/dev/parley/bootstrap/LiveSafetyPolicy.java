package dev.parley.bootstrap;

import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.adapter.safety.SafetyPolicyFileException;
import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.domain.safety.SafetyValidator;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The safety validator in use: {@code safety.json} of the home (else the built-in one), compiled at start and again
 * whenever the operator saves a new one in Settings, without a restart; the policy version in new decisions changes
 * with it. A file that does not compile is refused and the policy in use stays.
 */
final class LiveSafetyPolicy implements Supplier<SafetyValidator> {
    private final Path home;
    private final Clock clock;
    private final AtomicReference<SafetyValidator> current = new AtomicReference<>();

    LiveSafetyPolicy(Path home, Clock clock) {
        this.home = home;
        this.clock = clock;
        reload();
    }

    /** Compiles the file again and uses it from the next message on. */
    void reload() {
        try {
            var file = SafetyPolicyFile.load(SafetyPolicyFile.overrideIn(home));
            current.set(new SafetyValidator(file.policy(), clock, new LoggingValidationFailures()));
        } catch (SafetyPolicyFileException e) {
            throw new ConfigException(SafetyPolicyFile.FILE_NAME, e.getMessage());
        }
    }

    @Override
    public SafetyValidator get() {
        return current.get();
    }
}
