package dev.parley.application.playbook.buyer.agents;

/** Seed 003's Polisher: compresses and fixes a rejected text per the Gatekeeper's hint; never adds information. */
public interface PolisherAgent {
    String polish(PolisherContext context);
}
