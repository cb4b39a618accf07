package dev.parley.adapter.ui.journey;

import dev.parley.adapter.ui.common.Command;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.BuyerJourneys;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * A buyer-sms conversation's journey beside the Escalations queue and in the conversation view: phase, need,
 * matches, focus, engagement, links, nudge counts, and the next scheduled message with "send now" and "cancel"
 * (audited: the operator's name goes with the event).
 */
public final class JourneyViewModel {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d HH:mm")
            .withZone(ZoneId.systemDefault());
    private final BuyerJourneys journeys;
    private final TaskExecutor executor;
    private final Supplier<String> operator;
    private final ObjectProperty<BuyerJourneys.Journey> journey = new SimpleObjectProperty<>();
    private final StringProperty summary = new SimpleStringProperty("");
    private final StringProperty next = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final Command sendNow;
    private final Command cancel;
    private final StringProperty when = new SimpleStringProperty("");
    private final Command confirmTour;
    private final Command agreement;
    private final Command dealDone;
    private Long conversationId;

    public JourneyViewModel(BuyerJourneys journeys, TaskExecutor executor, Supplier<String> operator) {
        this.journeys = journeys;
        this.executor = executor;
        this.operator = operator;
        var hasNext = Bindings.createBooleanBinding(() -> !busy.get() && journey.get() != null
                && journey.get().next().isPresent(), busy, journey);
        this.sendNow = new Command(() -> act(true), hasNext);
        this.cancel = new Command(() -> act(false), hasNext);
        this.confirmTour = new Command(this::confirm, Bindings.createBooleanBinding(() -> !busy.get()
                && status(journey.get(), "GUARANTEE_SIGNED", "TOUR_REQUESTED", "TOUR_CONFIRMED")
                && dateTime(when.get()) != null, busy, journey, when));
        this.agreement = new Command(() -> run("Agreement link sent",
                j -> journeys.agreementReady(j.conversationId(), operator.get())),
                Bindings.createBooleanBinding(() -> !busy.get() && status(journey.get(), "TOUR_CONFIRMED"), busy,
                        journey));
        this.dealDone = new Command(() -> run("Deal completed", j -> journeys.dealCompleted(j.conversationId(),
                java.time.LocalDate.parse(when.get().strip()), operator.get())),
                Bindings.createBooleanBinding(() -> !busy.get() && journey.get() != null
                        && journey.get().engagementStatus() != null
                        && !status(journey.get(), "BOOKING_INITIATED") && date(when.get()) != null, busy, journey,
                        when));
    }

    private static final DateTimeFormatter INPUT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /** "2025-03-06 10:00" (in the property's zone), or null. */
    static java.time.LocalDateTime dateTime(String text) {
        try {
            return text == null ? null : java.time.LocalDateTime.parse(text.strip(), INPUT);
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    static java.time.LocalDate date(String text) {
        try {
            return text == null ? null : java.time.LocalDate.parse(text.strip());
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    private static boolean status(BuyerJourneys.Journey j, String... statuses) {
        return j != null && j.engagementStatus() != null
                && java.util.Arrays.asList(statuses).contains(j.engagementStatus().name());
    }

    public StringProperty when() { return when; }
    public Command confirmTour() { return confirmTour; }
    public Command agreement() { return agreement; }
    public Command dealDone() { return dealDone; }

    private void confirm() {
        var at = dateTime(when.get());
        var j = journey.get();
        run((status(j, "TOUR_CONFIRMED") ? "Tour moved to " : "Tour confirmed for ") + when.get().strip() + " "
                + j.tourZone().getId(), x -> journeys.confirmTour(x, at, operator.get()));
    }

    private void run(String done, java.util.function.Consumer<BuyerJourneys.Journey> action) {
        var j = journey.get();
        busy.set(true);
        executor.submit(p -> {
            action.accept(j);
            return journeys.of(j.conversationId()).orElse(null);
        }, updated -> {
            busy.set(false);
            status.set(done);
            when.set("");
            set(updated);
        }, e -> {
            busy.set(false);
            status.set("Not done: " + e.getMessage());
        });
    }

    public ObjectProperty<BuyerJourneys.Journey> journey() { return journey; }
    public StringProperty summary() { return summary; }
    public StringProperty next() { return next; }
    public StringProperty status() { return status; }
    public Command sendNow() { return sendNow; }
    public Command cancel() { return cancel; }

    /** Shows the journey of a conversation (none for other playbooks, or null). */
    public void show(Long conversation) {
        conversationId = conversation;
        if (conversation == null) {
            set(null);
            return;
        }
        executor.submit(p -> journeys.of(conversation).orElse(null), j -> {
            if (conversation.equals(conversationId)) set(j);
        }, e -> status.set("Could not load the journey: " + e.getClass().getSimpleName()));
    }

    public void reload() {
        show(conversationId);
    }

    private void set(BuyerJourneys.Journey j) {
        journey.set(j);
        summary.set(j == null ? "" : j.summary());
        next.set(j == null ? "" : j.next().map(s -> "Next: " + s.what() + " at " + TIME.format(s.dueAt()))
                .orElse("Nothing scheduled."));
    }

    private void act(boolean now) {
        var j = journey.get();
        var scheduled = j.next().orElseThrow();
        var who = operator.get();
        busy.set(true);
        executor.submit(p -> {
            if (now) journeys.sendNow(j.conversationId(), scheduled.jobId(), who);
            else journeys.cancel(j.conversationId(), scheduled.jobId(), who);
            return journeys.of(j.conversationId()).orElse(null);
        }, updated -> {
            busy.set(false);
            status.set((now ? "Sent now: " : "Cancelled: ") + scheduled.what());
            set(updated);
        }, e -> {
            busy.set(false);
            status.set("Not done: " + e.getMessage());
        });
    }
}
