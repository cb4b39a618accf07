package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.MessageInterpretation;
import dev.parley.domain.buyer.Phase;
import dev.parley.domain.buyer.ReferenceResolution;
import java.util.List;

/**
 * What the Criteria Agent receives (seed 003): the message, its interpretation, the orchestrator's reference
 * resolution, the conversation's phase and criteria, the presented matches, recent history, and the prompt the
 * Context Builder wrote from all of them (for a model; the offline agent reads the fields).
 *
 * @param focused the match in focus, or null
 * @param lastOfferedTour the agent's last message offered a tour ("Ready to tour?")
 */
public record CriteriaContext(String message, MessageInterpretation interpretation, ReferenceResolution reference,
                              Phase phase, Criteria known, double readiness, List<MatchView> presented,
                              MatchView focused, List<HistoryLine> history, boolean lastOfferedTour, Prompt prompt) {
}
