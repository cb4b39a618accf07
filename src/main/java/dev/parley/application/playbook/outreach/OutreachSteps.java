package dev.parley.application.playbook.outreach;

import dev.parley.application.JsonDocuments;
import dev.parley.application.playbook.ConversationSession;
import dev.parley.domain.fsm.FireResult;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.message.Direction;
import dev.parley.domain.outreach.Extraction;
import dev.parley.domain.outreach.FollowUpPlan;
import dev.parley.domain.outreach.FollowUpQuestion;
import dev.parley.domain.outreach.FollowUpQuestions;
import dev.parley.domain.outreach.GenealogyExtractor;
import dev.parley.domain.outreach.OutreachActions;
import dev.parley.domain.outreach.OutreachTriggers;
import dev.parley.domain.outreach.TodoTasks;
import dev.parley.domain.outreach.UnknownFact;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/** The outreach actions of seed 000 §2.2, executed inside the transition's transaction. */
final class OutreachSteps {
    private static final String ASKED_EVENT = "follow_up_questions";

    private final LoadedPlaybook loaded;
    private final GenealogyExtractor extractor;
    private final FollowUpQuestions followUps;
    private final StoredExtractions stored = new StoredExtractions();

    OutreachSteps(LoadedPlaybook loaded, GenealogyExtractor extractor) {
        this.loaded = loaded;
        this.extractor = extractor;
        this.followUps = new FollowUpQuestions(loaded.settings().integer("max_follow_up_questions", 2));
    }

    void run(ConversationSession session, FireResult.Moved moved, Long messageId, Map<String, Object> facts) {
        for (var action : moved.actions()) {
            switch (action) {
                case OutreachActions.LOG_INITIAL_OUTREACH -> session.record("INITIAL_OUTREACH", facts);
                case OutreachActions.NOTIFY_USER -> session.record("operator_notified",
                        Map.of("state", moved.to(), "trigger", moved.trigger()));
                case OutreachActions.SET_STATUS_DESIST -> session.desist("desist after " + moved.trigger()
                        + moved.guard().map(g -> " (" + g + ")").orElse(""));
                case OutreachActions.ARCHIVE_CONVERSATION -> session.record("archived", Map.of("state", moved.to()));
                case OutreachActions.QUEUE_FOR_EXTRACTION -> session.record("extraction_queued",
                        messageId == null ? Map.of() : Map.of("message_id", messageId));
                case OutreachActions.GENERATE_REPLY -> send(session, messageId, "general_reply",
                        render(session, "general_reply", Map.of()));
                case OutreachActions.CREATE_TODO_TASKS -> createTasks(session, messageId,
                        (Extraction) facts.get("extraction"));
                case OutreachActions.GENERATE_FOLLOW_UP -> followUp(session, moved, messageId, facts);
                case OutreachActions.SEND_THANK_YOU -> send(session, messageId, "thank_you",
                        render(session, "thank_you", Map.of()));
                case OutreachActions.SEND_DECLINE_THANKS -> send(session, messageId, "decline_thanks",
                        render(session, "decline_thanks", Map.of()));
                case OutreachActions.STOP_ALL_AUTOMATION -> {
                    var verdict = (SafetyScreen.Verdict) facts.get("verdict");
                    session.lockForReview(messageId, verdict.criticalCategories(), verdict.criticalPatterns(),
                            verdict.source(), verdict.reasons());
                }
                case OutreachActions.PAUSE_FOR_REVIEW -> {
                    var verdict = (SafetyScreen.Verdict) facts.get("verdict");
                    session.pauseForReview(messageId, verdict.reviewCategories(), verdict.reviewPatterns(),
                            verdict.reviewSource(), verdict.reasons());
                }
                case OutreachActions.RESUME_AUTOMATION -> session.record("automation_resumed", Map.of());
                default -> throw new IllegalStateException("outreach action without code: " + action);
            }
        }
    }

    /** The follow-up decision: what is still unknown about the match, across all of its replies so far. */
    FollowUpPlan plan(ConversationSession session) {
        var known = Extraction.empty();
        for (var message : session.visibleMessages()) {
            if (message.direction() == Direction.IN) known = known.plus(extractionOf(message));
        }
        var asked = EnumSet.noneOf(UnknownFact.class);
        for (var event : session.timeline()) {
            if (ASKED_EVENT.equals(event.type())) {
                var facts = JsonDocuments.read(event.detailJson()).get("facts");
                if (facts instanceof List<?> list) list.forEach(f -> asked.add(UnknownFact.valueOf(f.toString())));
            }
        }
        return followUps.decide(known, asked);
    }

    /** What the data check extracted from a reply (by the model or the rules), else the rules now. */
    private Extraction extractionOf(dev.parley.domain.message.Message message) {
        return stored.of(message.dataJson()).orElseGet(() -> extractor.extract(message.text()));
    }

    /** Tasks from the extraction the data check just made (not extracted a second time). */
    private void createTasks(ConversationSession session, Long messageId, Extraction extraction) {
        if (messageId == null || extraction == null) return;
        for (var task : TodoTasks.from(extraction)) {
            session.addTask(messageId, task.text(), task.kind().name());
        }
    }

    private void followUp(ConversationSession session, FireResult.Moved moved, Long messageId,
                          Map<String, Object> facts) {
        if (moved.trigger().equals(OutreachTriggers.FOLLOW_UP_DUE)) {
            // The optional single follow-up before the 30-day timeout: one per conversation, ever.
            session.queueMessage("timeout-follow-up:" + session.conversation().id(), "follow_up",
                    render(session, "timeout_follow_up", Map.of()));
            return;
        }
        var plan = (FollowUpPlan) facts.get("plan");
        session.record(ASKED_EVENT, Map.of("facts",
                plan.questions().stream().map(FollowUpQuestion::fact).map(Enum::name).toList()));
        send(session, messageId, "follow_up", plan.compose(loaded.templates(), values(session)));
    }

    private void send(ConversationSession session, Long messageId, String purpose, String text) {
        var cause = messageId != null ? "message:" + messageId : "conversation:" + session.conversation().id();
        session.queueMessage(cause, purpose, text);
    }

    private String render(ConversationSession session, String template, Map<String, String> extra) {
        var values = new java.util.HashMap<>(values(session));
        values.putAll(extra);
        return loaded.templates().render(template, values);
    }

    private Map<String, String> values(ConversationSession session) {
        var name = session.contact().displayName();
        return Map.of("match_name", name == null || name.isBlank() ? "there" : name,
                "sender_name", loaded.settings().text("sender_name", "Your DNA match"));
    }
}
