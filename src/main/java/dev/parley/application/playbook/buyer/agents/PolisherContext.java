package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.buyer.SmsKind;

/** What the Polisher receives: the rejected text, the Gatekeeper's hint, the kind (limit), the round (1–3). */
public record PolisherContext(String text, String hint, String violation, SmsKind kind, int round, Prompt prompt) {
}
