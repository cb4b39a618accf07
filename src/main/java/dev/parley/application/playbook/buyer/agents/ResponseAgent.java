package dev.parley.application.playbook.buyer.agents;

/** Seed 003's Response Agent: the only agent that writes customer-facing SMS text. */
public interface ResponseAgent {
    String write(ResponseContext context);
}
