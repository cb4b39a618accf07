package dev.parley.application.playbook.buyer.agents;

/** A prompt as the Context Builder writes it: the agent's system prompt and the user message (a JSON document). */
public record Prompt(String system, String user) {
}
