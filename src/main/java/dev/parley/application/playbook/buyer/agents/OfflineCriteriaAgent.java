package dev.parley.application.playbook.buyer.agents;

import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.CriteriaPlan;
import dev.parley.domain.buyer.CriteriaReadiness;
import dev.parley.domain.buyer.Intent;
import dev.parley.domain.buyer.PlanAction;
import dev.parley.domain.buyer.ReferenceResolution;
import dev.parley.domain.buyer.TopicCatalog;
import dev.parley.domain.catalog.Field;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The deterministic Criteria Agent, Parley's offline default: rules over the interpretation, the resolved
 * reference and the conversation, in a fixed order (contact details, tour or commitment, a change of criteria, a
 * facility question, a reference, a greeting). Good enough to run every seed conversation; a model does better with
 * free-form phrasing.
 */
public final class OfflineCriteriaAgent implements CriteriaAgent {
    private static final Pattern COMMIT = Pattern.compile("\\b(book it|take it|lease it|sign|move forward|"
            + "i'?ll take|reserve it|lock it in)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern THANKS = Pattern.compile("^\\W*(?:ok(?:ay)?\\W+)?(?:thanks?|thank you|thx|ty|"
            + "appreciate it|cheers|got it|sounds good|great|cool)\\b[\\W\\w]{0,12}$", Pattern.CASE_INSENSITIVE);
    private static final Pattern MORE_ABOUT = Pattern.compile("\\b(tell me (more )?about|more (info|details) "
            + "(on|about)|details (on|about)|what about|how about|interested in|like the)\\b", Pattern.CASE_INSENSITIVE);

    /** A reply that is only a name ("Sarah Chen"), asked for while collecting the buyer's details. */
    private static final Pattern BARE_NAME = Pattern.compile("^\\s*(?:(?:it'?s|i'?m|this is)\\s+)?"
            + "([\\p{L}][\\p{L}'.-]*(?:\\s+[\\p{L}][\\p{L}'.-]*){0,2})\\s*[.!,]?\\s*$", Pattern.CASE_INSENSITIVE);
    private static final java.util.Set<String> NOT_A_NAME = java.util.Set.of("yes", "yeah", "yep", "no", "nope", "ok",
            "okay", "sure", "thanks", "thank", "hi", "hey", "hello", "what", "why", "how", "when", "where", "who",
            "which", "stop", "help", "cool", "great", "later", "maybe", "tomorrow", "today", "done", "signed", "the",
            "a", "an", "not", "can", "do", "does", "is", "are", "will", "book", "tour", "let's", "lets", "sounds");

    @Override
    public CriteriaPlan plan(CriteriaContext c) {
        var i = c.interpretation();
        var update = stated(c);
        var name = i.names().isEmpty() ? null : i.names().getFirst();
        if (c.phase() == dev.parley.domain.buyer.Phase.COLLECTING_INFO && name == null) {
            var rest = c.message();
            for (var e : i.emails()) rest = rest.replace(e, " ");
            name = bareName(rest.replaceAll("[,;]+\\s*$", "").strip());
        }
        if (c.phase() == dev.parley.domain.buyer.Phase.TOUR_SCHEDULING && !i.dates().isEmpty() && i.topics().isEmpty()
                && update.location() == null && update.sqft() == null && c.focused() != null) {
            return plan(Intent.TOUR_REQUEST, PlanAction.SCHEDULE_TOUR, Criteria.EMPTY, name, List.of(),
                    c.focused().listingId());
        }
        var target = c.reference().resolved().map(m -> m.listingId()).orElse(null);
        boolean hasProperty = target != null || c.focused() != null;
        var text = c.message().toLowerCase(Locale.ROOT);

        boolean tourWords = i.actions().contains("tour") || i.actions().contains("schedule");
        // "ok thanks" after "Ready to tour?" is a thank-you, not a yes
        boolean agrees = (i.actions().contains("yes") || i.actions().contains("book")) && !THANKS.matcher(text).find();
        // topics that only came from the buyer's own name or e-mail ("I'm Dana Park") are not questions
        var topics = i.topics();
        if (name != null || !i.emails().isEmpty()) {
            var rest = c.message();
            if (name != null) rest = rest.replaceAll("(?i)" + java.util.regex.Pattern.quote(name), " ");
            for (var e : i.emails()) rest = rest.replace(e, " ");
            topics = dev.parley.domain.buyer.TopicCatalog.detectTopics(rest);
        }
        var asked = TopicCatalog.fieldsFor(topics).stream().map(Field::key).toList();
        boolean contactDetails = !i.emails().isEmpty() || name != null && !i.hasSearchCriteria() && topics.isEmpty();
        // "Let's book a tour. I'm Dana, dana@…": the tour, with the details it brings (the orchestrator keeps them)
        if (contactDetails && !(hasProperty && (tourWords || COMMIT.matcher(text).find()))) {
            return plan(Intent.PROVIDE_INFO, PlanAction.COLLECT_INFO, Criteria.EMPTY, name, List.of(), target);
        }
        if (COMMIT.matcher(text).find() && !tourWords && hasProperty) {
            return plan(Intent.COMMITMENT, PlanAction.COMMITMENT_HANDOFF, Criteria.EMPTY, name, List.of(), target);
        }
        if (tourWords && topics.isEmpty() || agrees && c.lastOfferedTour() && hasProperty) {
            if (c.reference().ambiguous() || !hasProperty && !c.presented().isEmpty()) {
                return plan(Intent.TOUR_REQUEST, PlanAction.CLARIFY, Criteria.EMPTY, name, List.of(), null);
            }
            if (hasProperty) {
                return plan(Intent.TOUR_REQUEST, PlanAction.SCHEDULE_TOUR, Criteria.EMPTY, name, List.of(), target);
            }
        }
        if (i.actions().contains("options") && !c.presented().isEmpty() && update.isEmpty()) {
            return plan(Intent.REFINE_SEARCH, PlanAction.SEARCH, Criteria.EMPTY, name, List.of(), null);
        }
        if (!update.isEmpty() && (update.location() != null || update.sqft() != null || update.useType() != null)) {
            var intent = c.known().isEmpty() ? Intent.NEW_SEARCH : Intent.REFINE_SEARCH;
            var merged = c.known().merge(update);
            var action = CriteriaReadiness.readyToSearch(merged) ? PlanAction.SEARCH : PlanAction.CLARIFY;
            return plan(intent, action, update, name, List.of(), null);
        }
        if (!topics.isEmpty() || i.question() && hasProperty && target == null && !i.greeting()) {
            if (c.reference().ambiguous()) {
                return plan(Intent.FACILITY_INFO, PlanAction.CLARIFY, Criteria.EMPTY, name, asked, null);
            }
            if (!hasProperty) {
                if (!update.isEmpty()) return plan(Intent.REFINE_SEARCH, PlanAction.CLARIFY, update, name, asked, null);
                return plan(Intent.FACILITY_INFO, PlanAction.CLARIFY, Criteria.EMPTY, name, asked, null);
            }
            var action = asked.isEmpty() ? PlanAction.ASK_OWNER : PlanAction.LOOKUP;
            return plan(Intent.FACILITY_INFO, action, Criteria.EMPTY, name, asked, target);
        }
        if (target != null || c.reference().ambiguous()) {
            var action = c.reference().ambiguous() ? PlanAction.CLARIFY : PlanAction.LOOKUP;
            return plan(Intent.FACILITY_INFO, action, Criteria.EMPTY, name, List.of(), target);
        }
        if (!update.isEmpty()) {
            // goods, timing, duration or features alone: more criteria, not enough to search on
            var merged = c.known().merge(update);
            var action = CriteriaReadiness.readyToSearch(merged) && !c.known().isEmpty() ? PlanAction.SEARCH
                    : PlanAction.CLARIFY;
            return plan(c.known().isEmpty() ? Intent.NEW_SEARCH : Intent.REFINE_SEARCH, action, update, name,
                    List.of(), null);
        }
        if (i.greeting() || THANKS.matcher(text).find()) {
            return plan(Intent.GREETING, PlanAction.RESPOND, Criteria.EMPTY, name, List.of(), null);
        }
        if (MORE_ABOUT.matcher(text).find() && !c.presented().isEmpty() || agrees && !c.presented().isEmpty()
                && c.focused() == null) {
            if (c.presented().size() == 1) {
                // "yes" to "Want details?" about the one match shown
                return plan(Intent.FACILITY_INFO, PlanAction.LOOKUP, Criteria.EMPTY, name, List.of(),
                        c.presented().getFirst().listingId());
            }
            return plan(Intent.FACILITY_INFO, PlanAction.CLARIFY, Criteria.EMPTY, name, List.of(), null);
        }
        return plan(Intent.UNKNOWN, PlanAction.RESPOND, Criteria.EMPTY, name, List.of(), null);
    }

    static String bareName(String text) {
        var m = BARE_NAME.matcher(text);
        if (!m.matches()) return null;
        var words = m.group(1).split("\\s+");
        var out = new StringBuilder();
        for (var w : words) {
            if (NOT_A_NAME.contains(w.toLowerCase(Locale.ROOT))) return null;
            if (out.length() > 0) out.append(' ');
            out.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return out.toString();
    }

    /**
     * The criteria the message states. A city that names a presented match ("the Commerce one") is a reference,
     * not a new location.
     */
    static Criteria stated(CriteriaContext c) {
        var stated = c.interpretation().criteria();
        var location = stated.location();
        var reference = c.reference();
        boolean cityIsReference = reference.kind() == ReferenceResolution.Kind.CITY
                || reference.ambiguous() && !c.interpretation().cities().isEmpty()
                || location != null && c.presented().stream()
                .anyMatch(m -> m.city().toLowerCase(Locale.ROOT).startsWith(location.toLowerCase(Locale.ROOT)));
        if (cityIsReference) {
            stated = new Criteria(null, null, stated.sqft(), stated.useType(), stated.goodsType(), stated.timing(),
                    stated.duration(), stated.features());
        }
        // A facility question ("does it have an office?") names features of a property, not new search criteria.
        if (c.interpretation().question() && (c.focused() != null || reference.resolved().isPresent())
                && stated.location() == null && stated.sqft() == null) {
            return Criteria.EMPTY;
        }
        return stated;
    }

    private static CriteriaPlan plan(Intent intent, PlanAction action, Criteria criteria, String name,
                                     List<String> asked, Long listingId) {
        return new CriteriaPlan(intent, action, criteria, name, asked, listingId);
    }
}
