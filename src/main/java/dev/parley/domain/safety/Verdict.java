package dev.parley.domain.safety;

import java.time.Instant;
import java.util.Optional;

/** What EVALUATE and DECIDE settled: the decision, why, and for DELAY until when. */
record Verdict(SafetyDecision decision, EnforcementReason reason, Optional<Instant> delayUntil) {
}
