package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.operator.CheckOutgoing;
import dev.parley.domain.safety.RiskCategory;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyResult;
import java.util.ArrayList;
import java.util.Objects;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Seed 002 on the draft, off the FX thread: what the outbox would decide now. A denial blocks Send; a rewrite is
 * offered beside the draft, the operator choosing which to send; the latest draft wins. With
 * {@code safety.rewrite=model} the model's rewrite replaces the deterministic one once it arrives.
 */
final class DraftSafetyCheck {
    /**
     * With {@code safety.rewrite=model}: how long a draft the validator would rewrite must stay unchanged before the
     * model is asked for its rewrite (typing on cancels the wait, so a model is not asked at every keystroke).
     */
    static final long MODEL_REWRITE_PAUSE_MS = 700;

    private final ConsoleContext context;
    private final long conversationId;
    private final Runnable changed;
    /** The validator's rewrite of the draft (SOFT_REWRITE), shown beside it; null when there is none. */
    private final StringProperty rewrite = new SimpleStringProperty(null);
    private OutboundCheck check;
    private String checkedText;
    private volatile long sequence;
    private TaskExecutor.Handle modelRewriteTask;

    /** {@code changed} runs when a check arrives, so the draft's checks are shown again. */
    DraftSafetyCheck(ConsoleContext context, long conversationId, Runnable changed) {
        this.context = context;
        this.conversationId = conversationId;
        this.changed = changed;
    }

    StringProperty rewrite() {
        return rewrite;
    }

    /** Whether {@code text} is the draft last checked (or being checked, when blank). */
    boolean checked(String text) {
        return Objects.equals(checkedText, text);
    }

    /** The safety line for {@code text} when it is the draft checked; null otherwise or while none is known. */
    OutboundCheck resultFor(String text) {
        return check != null && checked(text) ? check : null;
    }

    /** "; model: harassment 0.93" when a learned head raised a category (ADR 0019), else empty. */
    static String modelNote(SafetyResult result) {
        var parts = new ArrayList<String>();
        for (var c : RiskCategory.values()) {
            result.score(c).model().ifPresent(m -> parts.add(c.wire() + " " + Math.round(m.score() * 100) / 100.0));
        }
        return parts.isEmpty() ? "" : "; model: " + String.join(", ", parts);
    }

    /** Checks {@code text}, cancelling a model rewrite still waiting for an older draft. */
    void check(String text) {
        if (context.safety() == null) return;
        long sequence = ++this.sequence;
        if (modelRewriteTask != null) {
            modelRewriteTask.cancel();
            modelRewriteTask = null;
        }
        if (text == null || text.isBlank()) {
            check = null;
            checkedText = text;
            rewrite.set(null);
            return;
        }
        var outgoing = context.safety().check();
        context.executor().submit(p -> outgoing.check(conversationId, text), checked -> {
            if (sequence != this.sequence) return;
            show(text, checked);
            if (checked.result().decision() == SafetyDecision.SOFT_REWRITE && outgoing.modelRewriteOn()) {
                askModelRewrite(outgoing, sequence, text);
            }
        }, e -> {
            if (sequence != this.sequence) return;
            checkedText = text;
            check = new OutboundCheck("Safety", OutboundCheck.Level.WARN, "not checked: " + e.getClass()
                    .getSimpleName());
            rewrite.set(null);
            changed.run();
        });
    }

    /** The model's rewrite of a draft left alone for a moment; the deterministic one stays offered until then. */
    private void askModelRewrite(CheckOutgoing outgoing, long sequence, String text) {
        modelRewriteTask = context.executor().submit(p -> {
            Thread.sleep(MODEL_REWRITE_PAUSE_MS);
            if (p.cancelled() || sequence != this.sequence) return null;
            return outgoing.withModelRewrite(conversationId, text);
        }, checked -> {
            if (checked == null || sequence != this.sequence) return;
            show(text, checked);
        }, e -> { }); // cancelled, or the model could not be asked: the deterministic rewrite stays offered
    }

    private void show(String text, CheckOutgoing.Checked checked) {
        var result = checked.result();
        checkedText = text;
        var reason = result.enforcementReason().wire() + modelNote(result);
        check = switch (result.decision()) {
            case HARD_DENY -> new OutboundCheck("Safety", OutboundCheck.Level.FAIL, result.failSafe()
                    ? "the safety check failed: the reply would be held for review"
                    : "the reply would be DENIED (" + reason + ")");
            case SOFT_REWRITE -> new OutboundCheck("Safety", OutboundCheck.Level.WARN, "a safer rewrite"
                    + (checked.modelRewrite() ? " by the model" : "") + " is offered (" + reason
                    + "): send yours or use it");
            default -> new OutboundCheck("Safety", OutboundCheck.Level.PASS, "allowed");
        };
        rewrite.set(result.decision() == SafetyDecision.SOFT_REWRITE ? result.safeOutput().messagePrimary() : null);
        changed.run();
    }
}
