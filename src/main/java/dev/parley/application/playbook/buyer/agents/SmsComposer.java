package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.buyer.Gatekeeper;
import dev.parley.domain.buyer.GatekeeperResult;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.domain.buyer.SmsSplitter;
import dev.parley.domain.fsm.Templates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seed 003's guaranteed-valid SMS: Response Agent → Gatekeeper → (fail) Polisher → Gatekeeper, at most
 * {@code maxRounds} Polisher rounds, then the seed's fallback template for the situation, verbatim.
 */
public final class SmsComposer {

    /** The text to send, how it was made ({@code generated}, {@code polished}, {@code fallback}) and why. */
    public record Composed(String text, String mode, int polishRounds, List<String> violations) {
    }

    private final ResponseAgent responses;
    private final PolisherAgent polisher;
    private final ContextBuilder prompts;
    private final Templates templates;
    private final int maxRounds;

    public SmsComposer(ResponseAgent responses, PolisherAgent polisher, ContextBuilder prompts, Templates templates,
                       int maxRounds) {
        this.responses = responses;
        this.polisher = polisher;
        this.prompts = prompts;
        this.templates = templates;
        this.maxRounds = maxRounds;
    }

    /** Writes the reply for {@code context}; {@code aside} (may be null) is kept at its end through every round. */
    public Composed compose(ResponseContext context, String aside) {
        String text;
        try {
            text = withAside(responses.write(context), aside);
        } catch (RuntimeException agentFailed) {
            // A model that fails or answers nonsense must not cost the buyer a reply.
            return fallback(context.situation(), aside, List.of("response_agent_failed"), 0);
        }
        return validate(text, context.kind(), context.situation(), aside);
    }

    /** Validates a text written elsewhere (an operator's answer in a template), polishing it as needed. */
    public Composed validate(String text, SmsKind kind, Situation situation, String aside) {
        var violations = new ArrayList<String>();
        var result = Gatekeeper.check(text, kind);
        int rounds = 0;
        while (!result.ok() && rounds < maxRounds) {
            violations.add(result.violation());
            rounds++;
            text = polishOnce(text, result, kind, rounds, aside);
            result = Gatekeeper.check(text, kind);
        }
        if (result.ok()) return new Composed(text, rounds == 0 ? "generated" : "polished", rounds, violations);
        violations.add(result.violation());
        return fallback(situation, aside, violations, rounds);
    }

    /**
     * As {@link #validate}, for a text whose facts must all reach the buyer (an operator's answer): when the Polisher
     * cannot bring it within the length limit in its rounds but every other check passes on the whole text, the
     * deterministic fallback is the last attempt sent as consecutive messages, each within the limit and each
     * passing the Gatekeeper (mode {@code fallback}); the aside ends the last one. Any other failure gives the
     * situation's fallback template as {@link #validate} does (the caller decides whether to send it).
     */
    public List<Composed> validateWhole(String text, SmsKind kind, Situation situation, String aside) {
        var violations = new ArrayList<String>();
        var result = Gatekeeper.check(text, kind);
        int rounds = 0;
        while (!result.ok() && rounds < maxRounds) {
            violations.add(result.violation());
            rounds++;
            text = polishOnce(text, result, kind, rounds, aside);
            result = Gatekeeper.check(text, kind);
        }
        if (result.ok()) {
            return List.of(new Composed(text, rounds == 0 ? "generated" : "polished", rounds, violations));
        }
        violations.add(result.violation());
        if ("too_long".equals(result.violation()) && Gatekeeper.checkContent(text, kind).ok()) {
            var body = text;
            if (aside != null && !aside.isBlank() && body.endsWith(aside)) {
                body = body.substring(0, body.length() - aside.length()).strip();
            }
            var asideLength = aside == null || aside.isBlank() ? 0 : aside.length() + 1;
            var parts = new ArrayList<>(SmsSplitter.split(body, kind.limit() - asideLength));
            parts.set(parts.size() - 1, withAside(parts.getLast(), aside));
            if (parts.stream().allMatch(p -> Gatekeeper.check(p, kind).ok())) {
                int n = rounds;
                return parts.stream().map(p -> new Composed(p, "fallback", n, List.copyOf(violations))).toList();
            }
        }
        return List.of(fallback(situation, aside, violations, rounds));
    }

    /** One Polisher pass over a text that is then checked by the caller; an agent failure keeps the text. */
    public String polishOnce(String text, GatekeeperResult result, SmsKind kind, int round, String aside) {
        try {
            var polished = polisher.polish(new PolisherContext(text, result.hint(), result.violation(), kind, round,
                    prompts.polisherPrompt(text, result.hint(), kind)));
            return withAside(polished, aside);
        } catch (RuntimeException polisherFailed) {
            return text;
        }
    }

    private Composed fallback(Situation situation, String aside, List<String> violations, int rounds) {
        var text = withAside(templates.render("fallback_" + situation.fallbackKey(), Map.of()), aside);
        return new Composed(text, "fallback", rounds, List.copyOf(violations));
    }

    static String withAside(String text, String aside) {
        if (text == null) return null;
        var t = text.strip();
        if (aside == null || aside.isBlank() || t.contains(aside)) return t;
        return t + " " + aside;
    }
}
