package dev.parley.domain.conversation;

import java.time.Instant;

/** One operator action in the audit log. */
public record AuditEntry(long id, String actor, String action, String targetType, Long targetId,
                         String detailJson, Instant at) {
}
