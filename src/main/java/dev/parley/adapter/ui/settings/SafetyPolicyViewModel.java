package dev.parley.adapter.ui.settings;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.safety.SafetyPolicyDocument;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The safety policy section of Settings (seed 002's {@code safety.json}): the file in use, checked as it is edited;
 * a sample message's decisions under the edited policy, live; Save writes it only when it compiles, and new decisions
 * carry its version from the next message on. File work and compiling run off the FX thread; the latest edit wins.
 */
public final class SafetyPolicyViewModel {
    private final SafetyPolicyDocument document;
    private final TaskExecutor executor;
    private final StringProperty policy = new SimpleStringProperty("");
    private final StringProperty sample = new SimpleStringProperty("");
    private final StringProperty result = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private long sequence;

    public SafetyPolicyViewModel(SafetyPolicyDocument document, TaskExecutor executor) {
        this.document = document;
        this.executor = executor;
        policy.addListener((o, a, b) -> test());
        sample.addListener((o, a, b) -> test());
    }

    public StringProperty policy() { return policy; }
    public StringProperty sample() { return sample; }
    /** "inbound: summarize · outbound: rewrite · harassment · policy 6e86f14ea26ff5f4", or why the file is invalid. */
    public StringProperty result() { return result; }
    public StringProperty status() { return status; }

    /** Reads the file in use. */
    public void load() {
        executor.submit(p -> document.text(), policy::set, e -> status.set("Not loaded: " + e.getMessage()));
    }

    /** Tries the edited policy on the sample (the policy alone when there is no sample). */
    public void test() {
        long mine = ++sequence;
        var json = policy.get();
        var text = sample.get();
        executor.submit(p -> document.test(json, text == null ? "" : text), trial -> {
            if (mine != sequence) return;
            result.set(text == null || text.isBlank() ? "valid · policy " + trial.policyVersion()
                    : "inbound: " + trial.inbound() + " · outbound: " + trial.outbound()
                    + (trial.categories().isEmpty() ? "" : " · " + String.join(", ", trial.categories()))
                    + " · policy " + trial.policyVersion());
        }, e -> {
            if (mine != sequence) return;
            result.set("invalid: " + e.getMessage());
        });
    }

    /** Saves the edited policy when it compiles; says which version new decisions carry, or why nothing was saved. */
    public void save() {
        var json = policy.get();
        executor.submit(p -> document.save(json), version -> status.set("Saved and applied: new decisions carry "
                + "policy " + version), e -> status.set("Not saved: " + e.getMessage()));
    }
}
