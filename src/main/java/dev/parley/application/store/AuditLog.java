package dev.parley.application.store;

import dev.parley.domain.conversation.AuditEntry;
import java.time.Instant;
import java.util.List;

/** Every operator action, with who did it and when. */
public interface AuditLog {
    void record(String actor, String action, String targetType, Long targetId, String detailJson, Instant at);

    List<AuditEntry> forTarget(String targetType, long targetId);
}
