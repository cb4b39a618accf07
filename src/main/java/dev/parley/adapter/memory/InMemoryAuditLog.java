package dev.parley.adapter.memory;

import dev.parley.application.store.AuditLog;
import dev.parley.domain.conversation.AuditEntry;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Operator actions, listed per target in id order. */
final class InMemoryAuditLog implements AuditLog {
    private record Target(String type, Long id) {
    }

    private final Table<AuditEntry> table;
    private final GroupIndex<Target, AuditEntry> byTarget;

    InMemoryAuditLog(UndoLog undo) {
        table = new Table<>("audit entry", undo);
        byTarget = table.index(new GroupIndex<>(e -> new Target(e.targetType(), e.targetId())));
    }

    @Override
    public void record(String actor, String action, String targetType, Long targetId, String detailJson, Instant at) {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(targetType, "target_type");
        Objects.requireNonNull(at, "at");
        long id = table.nextId();
        table.put(id, new AuditEntry(id, actor, action, targetType, targetId, detailJson, StoredTime.of(at)));
    }

    @Override
    public List<AuditEntry> forTarget(String targetType, long targetId) {
        table.guard();
        return List.copyOf(byTarget.of(new Target(targetType, targetId)));
    }

    /** Deletes the entries about {@code targetType} {@code targetId}. */
    void forgetTarget(String targetType, long targetId) {
        for (long id : byTarget.idsOf(new Target(targetType, targetId))) table.delete(id);
    }
}
