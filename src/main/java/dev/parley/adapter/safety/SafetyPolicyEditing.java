package dev.parley.adapter.safety;

import dev.parley.adapter.files.AtomicFiles;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.SafetyPolicyDocument;
import dev.parley.domain.safety.NeutralFacts;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.SafetyPolicy;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.ValidationFailureListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.function.Consumer;

/**
 * {@code $PARLEY_HOME/safety.json} for the console's editor: read, tried on a sample, saved (atomically, only when it
 * compiles) and then applied: the compiled policy is handed to {@code apply} (the live holder swaps it in), so what
 * runs is exactly what was checked and written.
 */
public final class SafetyPolicyEditing implements SafetyPolicyDocument {
    private final Path home;
    private final Clock clock;
    private final Consumer<SafetyPolicy> apply;
    private final SafetyModel heads;

    /** @param apply uses the saved policy from the next validation on */
    public SafetyPolicyEditing(Path home, Clock clock, Consumer<SafetyPolicy> apply) {
        this(home, clock, apply, SafetyModel.OFF);
    }

    /**
     * As above; the test box validates with {@code heads} beside the lexicons, as the pipeline does (ADR 0019), so
     * what it shows is what a message would get.
     */
    public SafetyPolicyEditing(Path home, Clock clock, Consumer<SafetyPolicy> apply, SafetyModel heads) {
        this.home = home;
        this.clock = clock;
        this.apply = apply;
        this.heads = heads;
    }

    @Override
    public String text() {
        try {
            var override = SafetyPolicyFile.overrideIn(home);
            return override.isPresent() ? Files.readString(override.get(), StandardCharsets.UTF_8)
                    : new String(SafetyPolicyFile.defaultBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Trial test(String json, String sample) {
        var file = parse(json);
        var at = clock.instant();
        var validator = new SafetyValidator(file.policy(), clock, ValidationFailureListener.IGNORE);
        var facts = NeutralFacts.INSTANCE;
        var inbound = validator.validate(SafetyRequest.of(Direction.IN, sample, "sample", "you", "sms", at), facts,
                heads.forText());
        var outbound = validator.validate(SafetyRequest.of(Direction.OUT, sample, "you", "sample", "sms", at),
                facts, heads.forText());
        return new Trial(file.version(), inbound.decision().wire(), outbound.decision().wire(),
                inbound.riskCategories().stream().map(RiskCategory::wire).toList());
    }

    @Override
    public synchronized String save(String json) {
        var file = parse(json);
        try {
            AtomicFiles.writeString(home.resolve(SafetyPolicyFile.FILE_NAME), json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        apply.accept(file.policy());
        return file.version();
    }

    private static SafetyPolicyFile parse(String json) {
        try {
            return SafetyPolicyFile.parse(SafetyPolicyFile.FILE_NAME, json == null ? "" : json);
        } catch (SafetyPolicyFileException | dev.parley.domain.safety.InvalidSafetyPolicyException
                 | IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
