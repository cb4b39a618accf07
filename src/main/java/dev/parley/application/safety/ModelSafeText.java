package dev.parley.application.safety;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.application.RedactedThrowable;
import dev.parley.application.model.CassetteMissException;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.model.OfflineLanguageModel;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.NeutralFacts;
import dev.parley.domain.safety.RiskLevel;
import dev.parley.domain.safety.SafetyDecision;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import dev.parley.domain.safety.TraceIds;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The model-backed soft rewrite (outbound) and safe summary (inbound) of seed 002, with {@code safety.rewrite=model}
 * (ADR 0020). {@link #prepare} runs outside every transaction: it asks the model gateway for the text
 * ({@value #REWRITE_TASK} / {@value #SUMMARY_TASK}) and validates the answer again with the same validator, on its
 * content alone ({@link NeutralFacts}); {@link #choose} then, inside the transaction that decides, puts an accepted
 * text in place of the deterministic one. Anything else — the gateway fell back, the answer is not the task's JSON or
 * is empty, the answer is still risky, nothing was prepared for this content — keeps the deterministic text, and the
 * {@link Choice} says why. The trace id never depends on the model's answer: only the safe text changes.
 */
public final class ModelSafeText {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ModelSafeText.class);
    /** The gateway task of an outbound rewrite. */
    public static final String REWRITE_TASK = "safety_rewrite";
    /** The gateway task of an inbound safe summary. */
    public static final String SUMMARY_TASK = "safety_summary";
    /** The whole call's limit (retries included): a message waits for it. */
    static final Duration TIMEOUT = Duration.ofSeconds(20);

    static final String REWRITE_PROMPT = """
            You rewrite one outgoing message so that it can be sent safely. Rules:
            - remove pressure: false deadlines, urgency, guilt, emotional blackmail, dependency;
            - remove threats, insults and harassment;
            - remove payment demands and requests for money, card, bank or account details;
            - keep every other fact (names, dates, times, places, amounts given as information) and the sender's meaning;
            - add nothing new; write in the message's own language; keep it short.
            Answer with JSON only: {"text": "<the rewritten message>"}""";

    static final String SUMMARY_PROMPT = """
            You write a safe summary of one incoming message for the person it was sent to. Rules:
            - leave out pressure: false deadlines, urgency, guilt, emotional blackmail;
            - leave out threats, insults and harassment (do not quote or repeat them);
            - leave out payment demands and requests for money, card, bank or account details;
            - keep the facts the reader may need (who wants what, names, dates, times, places);
            - at most three sentences, in the message's own language, neutral in tone.
            Answer with JSON only: {"text": "<the summary>"}""";

    private final ModelGateway gateway;
    private final Supplier<SafetyValidator> validator;
    private final SafetyModel heads;
    private final BooleanSupplier enabled;

    /**
     * @param gateway   the model gateway (the configured model, falling back to the offline one)
     * @param validator the current validator (the same one that decides)
     * @param heads     the learned heads the validator reads beside its lexicons (ADR 0019)
     * @param enabled   whether {@code safety.rewrite} is {@code model} now (read at each message: Settings may change it)
     */
    public ModelSafeText(ModelGateway gateway, Supplier<SafetyValidator> validator, SafetyModel heads,
                         BooleanSupplier enabled) {
        this.gateway = Objects.requireNonNull(gateway, "gateway");
        this.validator = Objects.requireNonNull(validator, "validator");
        this.heads = Objects.requireNonNull(heads, "heads");
        this.enabled = Objects.requireNonNull(enabled, "enabled");
    }

    private ModelSafeText() {
        this.gateway = null;
        this.validator = null;
        this.heads = SafetyModel.OFF;
        this.enabled = () -> false;
    }

    /** {@code safety.rewrite=deterministic} for good: never asks a model. */
    public static ModelSafeText off() {
        return new ModelSafeText();
    }

    /** True when {@code safety.rewrite} is {@code model} now. */
    public boolean enabled() {
        return gateway != null && enabled.getAsBoolean();
    }

    /** Which safe text a decision used: {@code model} or {@code deterministic}, and why not the model's. */
    public record Choice(String used, String fallback) {
        public static final String MODEL = "model";
        public static final String DETERMINISTIC = "deterministic";

        public static Choice model() {
            return new Choice(MODEL, null);
        }

        public static Choice deterministic(String fallback) {
            return new Choice(DETERMINISTIC, fallback);
        }
    }

    /**
     * What the model proposed for one content, validated again: {@code text} when accepted, else empty with
     * {@code refusal} (a reason without any text of the message or the answer).
     */
    public record Prepared(Direction direction, String contentSha256, Optional<String> text, String refusal) {
        public Prepared {
            text = text == null ? Optional.empty() : text;
        }

        static Prepared accepted(Direction direction, String content, String text) {
            return new Prepared(direction, TraceIds.sha256(content), Optional.of(text), null);
        }

        static Prepared refused(Direction direction, String content, String reason) {
            return new Prepared(direction, TraceIds.sha256(content), Optional.empty(), reason);
        }
    }

    /** A decision with its safe text chosen. */
    public record Chosen(SafetyResult result, Optional<Choice> choice) {
    }

    /**
     * Asks the model for the rewrite ({@link Direction#OUT}) or summary ({@link Direction#IN}) of
     * {@code content}, when the model is on and the content alone raises anything (a message whose words raise nothing
     * is rewritten by nobody; behaviour only adds to what the words raised). Network I/O: call it outside every
     * transaction. Empty when nothing was asked.
     */
    public Optional<Prepared> prepare(Direction direction, String content, Long conversationId) {
        if (!enabled() || content == null || content.isBlank()) return Optional.empty();
        try {
            return ask(direction, content, conversationId);
        } catch (CassetteMissException miss) {
            throw miss; // a replay stops on it with a clear message, as for every task
        } catch (RuntimeException e) {
            LOG.error("safety {} of conversation {} failed: the deterministic text is used", direction.safetyWord(),
                    conversationId, RedactedThrowable.of(e));
            return Optional.of(Prepared.refused(direction, content, "model_error"));
        }
    }

    private Optional<Prepared> ask(Direction direction, String content, Long conversationId) {
        var v = validator.get();
        var alone = v.validate(SafetyRequest.of(direction, content, "", "", "", null), NeutralFacts.INSTANCE,
                heads.forText());
        if (alone.failSafe() || alone.riskLevel() == RiskLevel.NONE) return Optional.empty();
        boolean outbound = direction == Direction.OUT;
        var request = ModelRequest.of(outbound ? REWRITE_TASK : SUMMARY_TASK,
                        List.of(ChatMessage.system(outbound ? REWRITE_PROMPT : SUMMARY_PROMPT), ChatMessage.user(content)),
                        () -> "{\"text\": \"\"}")
                .withTemperature(0).withMaxTokens(400).withTimeout(TIMEOUT);
        if (conversationId != null) request = request.forConversation(conversationId);
        var answer = gateway.askJson(request, ModelSafeText::readText, ModelGateway.OnInvalid.REPORT);
        if (answer.fellBack()) {
            return Optional.of(Prepared.refused(direction, content, "model_unavailable: "
                    + outcome(answer.answer().fallbackReason())));
        }
        if (OfflineLanguageModel.PROVIDER.equals(answer.answer().provider())) {
            return Optional.of(Prepared.refused(direction, content, "offline_model"));
        }
        if (answer.value().isEmpty()) return Optional.of(Prepared.refused(direction, content, "invalid_answer"));
        var text = answer.value().get().strip();
        if (text.isEmpty()) return Optional.of(Prepared.refused(direction, content, "empty_answer"));
        var again = v.validate(SafetyRequest.of(direction, text, "", "", "", null), NeutralFacts.INSTANCE,
                heads.forText());
        var still = stillRisky(again);
        return Optional.of(still == null ? Prepared.accepted(direction, content, text)
                : Prepared.refused(direction, content, still));
    }

    /**
     * Inside the deciding transaction: {@code result} with the prepared text when it is a SOFT_REWRITE or SUMMARIZE of
     * the same content and the text was accepted; otherwise {@code result} as it is. The choice is empty for a
     * decision without a safe text to choose.
     */
    public Chosen choose(SafetyResult result, Optional<Prepared> prepared) {
        var decision = result.decision();
        if (result.failSafe() || decision != SafetyDecision.SOFT_REWRITE && decision != SafetyDecision.SUMMARIZE) {
            return new Chosen(result, Optional.empty());
        }
        var p = prepared == null ? Optional.<Prepared>empty() : prepared;
        var forThis = p.filter(x -> x.direction() == result.direction()
                && x.contentSha256().equals(result.contentSha256()));
        if (forThis.isEmpty()) {
            return new Chosen(result, Optional.of(Choice.deterministic(enabled() || p.isPresent() ? "not_prepared"
                    : null)));
        }
        var one = forThis.get();
        return one.text().isPresent()
                ? new Chosen(result.withSafeText(one.text().get()), Optional.of(Choice.model()))
                : new Chosen(result, Optional.of(Choice.deterministic(one.refusal())));
    }

    /**
     * Null when the model's text passes on its own: outbound, the validator ALLOWs it; inbound, no category is at
     * medium or above. Otherwise the reason, naming the decision and categories (never words).
     */
    private static String stillRisky(SafetyResult again) {
        if (again.failSafe()) return "revalidation_failed";
        if (again.direction() == Direction.OUT) {
            return again.decision() == SafetyDecision.ALLOW ? null
                    : "revalidated: " + again.decision().wire() + " " + categories(again, RiskLevel.LOW);
        }
        var risky = categories(again, RiskLevel.MEDIUM);
        return risky.equals("[]") ? null : "revalidated: " + risky;
    }

    private static String categories(SafetyResult result, RiskLevel atLeast) {
        return result.scores().values().stream().filter(s -> s.level().atLeast(atLeast))
                .map(s -> s.category().wire()).sorted().toList().toString();
    }

    /** {@code timeout} of {@code timeout: read timed out}: the recorded outcome, never a provider's message. */
    static String outcome(String fallbackReason) {
        if (fallbackReason == null) return "unknown";
        int colon = fallbackReason.indexOf(':');
        var word = (colon < 0 ? fallbackReason : fallbackReason.substring(0, colon)).strip();
        return word.matches("[a-z_]{1,32}") ? word : "unknown";
    }

    static String readText(JsonNode node) {
        var text = node.get("text");
        if (text == null || !text.isTextual()) throw new IllegalArgumentException("text: missing or not a string");
        return text.asText();
    }
}
