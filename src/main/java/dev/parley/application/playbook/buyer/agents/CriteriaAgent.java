package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.buyer.CriteriaPlan;

/** Seed 003's Criteria Agent: intent, action, criteria, buyer name, asked fields. JSON only, never SMS text. */
public interface CriteriaAgent {
    CriteriaPlan plan(CriteriaContext context);
}
