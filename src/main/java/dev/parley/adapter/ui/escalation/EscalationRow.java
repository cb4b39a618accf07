package dev.parley.adapter.ui.escalation;

import dev.parley.application.escalation.EscalationCase;
import dev.parley.domain.escalation.EscalationStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;

/** One escalation in the queue, with its SLA countdown (updated every second by the view-model). */
public final class EscalationRow {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneId.systemDefault());
    private final EscalationCase escalation;
    private final SimpleStringProperty sla = new SimpleStringProperty();

    EscalationRow(EscalationCase escalation, Instant now) {
        this.escalation = escalation;
        tick(now);
    }

    public EscalationCase escalation() {
        return escalation;
    }

    public ReadOnlyStringProperty sla() {
        return sla;
    }

    public boolean overdue() {
        return sla.get().startsWith("overdue");
    }

    public String question() {
        return String.join(" / ", escalation.thread().threadQuestions());
    }

    public String property() {
        return escalation.propertyCity() == null ? "" : escalation.propertyCity() + " · " + escalation.propertyRef();
    }

    public String buyer() {
        return escalation.buyer();
    }

    void tick(Instant now) {
        sla.set(countdown(escalation, now));
    }

    /** "1h 23m left", "overdue 12m (buyer nudged)", "answered 14:32 by dana", "expired". */
    static String countdown(EscalationCase c, Instant now) {
        var t = c.thread();
        if (t.status() == EscalationStatus.ANSWERED) {
            return "answered " + TIME.format(t.answeredAt()) + (t.answeredBy() == null ? "" : " by " + t.answeredBy());
        }
        if (t.status() == EscalationStatus.EXPIRED) return "expired";
        var left = Duration.between(now, t.slaDeadlineAt());
        if (!left.isNegative()) return format(left) + " left";
        return "overdue " + format(left.negated()) + (t.buyerNudgeSent() ? " (buyer nudged)" : "");
    }

    static String format(Duration d) {
        long h = d.toHours();
        long m = d.toMinutesPart();
        long s = d.toSecondsPart();
        if (h > 0) return h + "h " + String.format("%02dm", m);
        if (m > 0) return m + "m " + String.format("%02ds", s);
        return s + "s";
    }
}
