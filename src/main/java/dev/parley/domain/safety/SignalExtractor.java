package dev.parley.domain.safety;

import dev.parley.domain.alert.TermHit;
import dev.parley.domain.memo.RecentAnswers;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * EXTRACT: content signals (lexicon hits per category, weighted, with floors; information overload from the
 * message's size) and behavioural signals (contact history, quiet hours, frequency, escalation).
 */
final class SignalExtractor {
    /**
     * Categories a first contact raises one level (scams and pressure come from strangers), when they are already at
     * {@link #RISE_FROM} or above (ADR 0010).
     */
    private static final Set<RiskCategory> STRANGER_SENSITIVE = Set.of(RiskCategory.FINANCIAL_SCAM, RiskCategory.URGENCY_ABUSE);
    static final RiskLevel RISE_FROM = RiskLevel.MEDIUM;

    private final SafetyPolicy policy;
    static final int REMEMBERED = 16_384;
    static final int REMEMBERED_LENGTH = 1_000;
    private final RecentAnswers<Content> recent = new RecentAnswers<>(REMEMBERED, REMEMBERED_LENGTH, this::score);

    SignalExtractor(SafetyPolicy policy) {
        this.policy = policy;
    }

    Signals extract(SafetyRequest request, Instant at, BehaviourFacts facts) {
        return extract(request, at, facts, ModelSignals.NONE);
    }

    /** As above, with the learned heads' signals merged into the content scores (the higher level wins). */
    Signals extract(SafetyRequest request, Instant at, BehaviourFacts facts, ModelSignals model) {
        SafetyRules rules = policy.rules();
        boolean unknownContent = request.content() == null;
        String content = unknownContent ? "" : request.content();
        Content scored = content(content);
        List<Signals.Span> spans = scored.spans();
        Map<RiskCategory, CategoryScore> scores = new EnumMap<>(scored.scores());
        CrisisResources.Exemption exempt = scored.crisis().exemption(request.direction());
        if (exempt.lexicon()) {
            scores.put(RiskCategory.SELF_HARM_TRIGGERS, CategoryScore.none(RiskCategory.SELF_HARM_TRIGGERS));
            spans = spans.stream().filter(span -> span.category() != RiskCategory.SELF_HARM_TRIGGERS).toList();
        }

        ContactHistory history = facts.contactHistory(request.sender(), request.recipient());
        if (history == null) history = ContactHistory.FIRST_CONTACT;
        if (history == ContactHistory.FIRST_CONTACT) {
            for (RiskCategory c : STRANGER_SENSITIVE) {
                RiskLevel level = scores.get(c).level();
                // Only a real signal is raised: a LOW (Allow/Monitor) stays as it is, or one amount of money or one
                // "urgent" from anyone new would be held back.
                if (level.atLeast(RISE_FROM)) scores.put(c, withLevel(scores.get(c), level.raised()));
            }
        }

        // The model's levels are merged after the first-contact raise: the heads' thresholds were chosen on messages
        // of every kind of sender, so a stranger's message is not raised again (ADR 0019).
        for (ModelSignal m : model.signals()) {
            if (exempt.model() && m.category() == RiskCategory.SELF_HARM_TRIGGERS) continue;
            CategoryScore s = scores.get(m.category());
            ModelSignal strongest = model.strongest(m.category()).orElseThrow();
            if (strongest != m || strongest.level().compareTo(s.level()) < 0) continue;
            scores.put(m.category(), new CategoryScore(s.category(), s.count(), s.score(), strongest.level(),
                    s.terms(), java.util.Optional.of(strongest)));
        }

        int threshold = rules.frequencyLimits().escalationThreshold();
        RiskLevel current = maxLevel(scores);
        List<RiskLevel> recent = facts.recentRiskLevels(request.conversationKey(), threshold - 1);
        boolean escalation = Escalation.detected(recent, current, threshold);
        if (escalation) {
            scores.replaceAll((c, s) -> withLevel(s, s.level().raised()));
        }

        QuietHours quiet;
        if (facts.quietHoursApply(request.recipient(), request.channel())) {
            List<ZoneId> zones = facts.recipientZones(request.recipient(), request.channel());
            quiet = QuietHours.at(rules.timeRules(), zones == null ? List.of() : zones, at);
        } else {
            quiet = QuietHours.notApplicable(at);
        }
        return new Signals(Map.copyOf(scores), List.copyOf(spans), unknownContent, history, quiet.until(),
                quiet.zoneUnknown(), facts.messagesLastHour(request.sender(), request.recipient(), at),
                facts.notificationsLastDay(request.recipient(), at), escalation, quiet.nextWorkStart());
    }

    /**
     * The content signals of {@code content}: its score per category from the lexicons (before contact history, the
     * model and escalation) and the spans that matched. A pure function of the text and the policy, so the answers for
     * recent texts are remembered ({@link #REMEMBERED}, texts of at most {@link #REMEMBERED_LENGTH} characters, in
     * memory only), as {@link SafetyPolicy#find} remembers its hits: texts recur (issue 17's demo screens each
     * playbook template many times).
     */
    Content content(String content) {
        return recent.of(content);
    }

    /** {@link #content} without the memo. */
    Content score(String content) {
        NormalizedText text = NormalizedText.of(content);
        List<Signals.Span> spans = new ArrayList<>();
        Map<RiskCategory, List<Found>> found = new EnumMap<>(RiskCategory.class);
        for (RiskCategory category : RiskCategory.values()) found.put(category, new ArrayList<>());
        for (SafetyPolicy.Hit h : policy.find(text.text())) {
            TermHit hit = h.hit();
            found.get(h.entry().category()).add(new Found(h.entry().entry(),
                    text.text().substring(hit.start(), hit.end()), hit.start(), hit.end()));
        }
        LinkSignals.Analysis links = policy.links().analyse(text.text());
        for (LinkSignals.Finding f : links.findings()) {
            found.get(RiskCategory.FINANCIAL_SCAM).add(new Found(f.source(), f.term(), f.start(), f.end()));
        }
        for (List<Found> list : found.values()) {
            // "verify your account" is phishing beside a link to somewhere unknown, an ordinary phrase without one
            list.removeIf(f -> f.entry().linkOnly() && !links.foreignLink());
        }
        List<TermHit> resources = policy.crisisResources(text.text());
        if (!resources.isEmpty()) {
            // a helpline's number or short code is not spam, nor an urgency ("text HOME to 741741", "call 988 now")
            for (List<Found> list : found.values()) {
                list.removeIf(f -> CrisisResources.overlaps(f.start(), f.end(), resources));
            }
        }
        List<int[]> selfHarm = found.get(RiskCategory.SELF_HARM_TRIGGERS).stream()
                .map(f -> new int[] {f.start(), f.end()}).toList();
        CrisisResources crisis = CrisisResources.of(text.text(), resources, selfHarm);
        Map<RiskCategory, CategoryScore> scores = new EnumMap<>(RiskCategory.class);
        for (RiskCategory category : RiskCategory.values()) {
            scores.put(category, contentScore(category, text, found.get(category), spans));
        }
        return new Content(java.util.Collections.unmodifiableMap(scores), List.copyOf(spans), crisis);
    }

    /**
     * A text's content signals: immutable, so one answer serves every request with that text. {@code crisis}: whether
     * it offers crisis resources, and in what voice (the self-harm exemption depends on the direction).
     */
    record Content(Map<RiskCategory, CategoryScore> scores, List<Signals.Span> spans, CrisisResources crisis) {
    }

    private CategoryScore contentScore(RiskCategory category, NormalizedText text, List<Found> found,
                                       List<Signals.Span> spans) {
        Set<String> terms = new LinkedHashSet<>();
        Set<String> counted = new HashSet<>();
        java.util.Map<String, Integer> perEntry = new java.util.HashMap<>();
        int count = 0;
        double score = 0;
        RiskLevel floor = RiskLevel.NONE;
        Set<Found> inside = insideAnother(found);
        for (Found f : found) {
            spans.add(new Signals.Span(category, text.originalIndex(f.start()), text.originalEnd(f.end()),
                    f.entry().weight() >= 1, f.entry().dropsSentence()));
            if (inside.contains(f)) continue; // "immediately" inside "reply immediately" counts once
            floor = RiskLevel.max(floor, f.entry().floor());
            terms.add(f.term());
            int max = f.entry().maxTerms();
            if ((max == 0 || perEntry.getOrDefault(f.entry().id(), 0) < max)
                    && counted.add(f.entry().id() + '\u001f' + f.term())) {
                perEntry.merge(f.entry().id(), 1, Integer::sum);
                count++;
                score += f.entry().weight();
            }
        }
        if (category == RiskCategory.INFORMATION_OVERLOAD) {
            // Volume counts once it reaches half the threshold, so ordinary messages do not raise the category.
            int volume = Volume.of(text.text());
            if (volume * 2 >= policy.rules().threshold(category)) {
                count += volume;
                score += volume;
            }
        }
        RiskLevel level = RiskLevel.max(RiskLevel.of(score, policy.rules().threshold(category)), floor);
        return new CategoryScore(category, count, score, level, List.copyOf(terms));
    }

    /** One hit: its entry (a lexicon entry or a link signal), the term and its span in the normalised text. */
    private record Found(SignalSource entry, String term, int start, int end) {
    }

    /** The hits that lie inside a longer hit (one sort and one sweep, so long texts stay linear-ish). */
    private static Set<Found> insideAnother(List<Found> all) {
        if (all.size() < 2) return Set.of();
        List<Found> sorted = new ArrayList<>(all);
        sorted.sort(java.util.Comparator.comparingInt(Found::start).thenComparing(Found::end, java.util.Comparator.reverseOrder()));
        Set<Found> inside = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        int maxEndBefore = -1; // the furthest end of the hits that start earlier
        int groupStart = -1;
        int groupEnd = -1;     // the longest hit's end among those starting at groupStart
        int groupMax = -1;
        for (Found f : sorted) {
            if (f.start() != groupStart) {
                maxEndBefore = Math.max(maxEndBefore, groupMax);
                groupStart = f.start();
                groupEnd = f.end();
            }
            groupMax = Math.max(groupMax, f.end());
            if (maxEndBefore >= f.end() || groupEnd > f.end()) inside.add(f);
        }
        return inside;
    }

    private static CategoryScore withLevel(CategoryScore s, RiskLevel level) {
        return new CategoryScore(s.category(), s.count(), s.score(), level, s.terms(), s.model());
    }

    static RiskLevel maxLevel(Map<RiskCategory, CategoryScore> scores) {
        RiskLevel max = RiskLevel.NONE;
        for (CategoryScore s : scores.values()) max = RiskLevel.max(max, s.level());
        return max;
    }

    /** Escalation detection: risk rising over the conversation's last messages. */
    static final class Escalation {
        private Escalation() {
        }

        /**
         * True when the last {@code threshold} levels (the {@code threshold − 1} previous ones, oldest first, and
         * the current one) are all raised (LOW or above), never fall, and end higher than they began.
         */
        static boolean detected(List<RiskLevel> previous, RiskLevel current, int threshold) {
            if (previous == null || previous.size() < threshold - 1) return false;
            List<RiskLevel> seq = new ArrayList<>(previous.subList(previous.size() - (threshold - 1), previous.size()));
            seq.add(current);
            for (int i = 0; i < seq.size(); i++) {
                if (seq.get(i) == RiskLevel.NONE) return false;
                if (i > 0 && seq.get(i).compareTo(seq.get(i - 1)) < 0) return false;
            }
            return seq.getLast().compareTo(seq.getFirst()) > 0;
        }
    }

    /**
     * Information overload's content measure: sentence-like segments (text ending in . ! ? or ;, line breaks
     * are normalised away) plus links.
     */
    static final class Volume {
        private Volume() {
        }

        static int of(String normalized) {
            int segments = 0;
            boolean letters = false;
            for (int i = 0; i < normalized.length(); i++) {
                char c = normalized.charAt(i);
                if (Character.isLetterOrDigit(c)) {
                    letters = true;
                } else if ((c == '.' || c == '!' || c == '?' || c == '\n' || c == ';') && letters) {
                    segments++;
                    letters = false;
                }
            }
            if (letters) segments++;
            int links = 0;
            for (int i = normalized.indexOf("http"); i >= 0; i = normalized.indexOf("http", i + 4)) links++;
            for (int i = normalized.indexOf("www."); i >= 0; i = normalized.indexOf("www.", i + 4)) links++;
            return segments + links;
        }
    }

    /** Time context: quiet hours in every zone of the recipient. */
    record QuietHours(Optional<Instant> until, boolean zoneUnknown, Instant nextWorkStart) {

        /** The recipient is not one quiet hours protect: never quiet, and "work hours" are now. */
        static QuietHours notApplicable(Instant at) {
            return new QuietHours(Optional.empty(), false, at);
        }

        static QuietHours at(SafetyRules.TimeRules rules, List<ZoneId> zones, Instant at) {
            if (zones.isEmpty()) {
                // Unknown zone: the most restrictive reading. It is quiet hours somewhere on Earth at every
                // instant, so assume them, for as long as one quiet window lasts.
                Duration window = Duration.between(rules.quietStart(), rules.quietEnd());
                if (window.isNegative()) window = window.plusDays(1);
                return new QuietHours(Optional.of(at.plus(window)), true, at.plus(window));
            }
            Instant until = null;
            Instant workStart = null;
            for (ZoneId zone : zones) {
                ZonedDateTime local = at.atZone(zone);
                if (rules.isQuiet(local.toLocalTime())) {
                    Instant end = next(local, rules.quietEnd());
                    until = until == null || end.isAfter(until) ? end : until;
                }
                Instant work = rules.isWork(local.toLocalTime()) ? at : next(local, rules.workStart());
                workStart = workStart == null || work.isAfter(workStart) ? work : workStart;
            }
            return new QuietHours(Optional.ofNullable(until), false, workStart);
        }

        /** The next instant after {@code local} at which the local clock shows {@code time} (DST-safe). */
        private static Instant next(ZonedDateTime local, java.time.LocalTime time) {
            ZonedDateTime candidate = local.toLocalDate().atTime(time).atZone(local.getZone());
            if (!candidate.isAfter(local)) {
                candidate = local.toLocalDate().plusDays(1).atTime(time).atZone(local.getZone());
            }
            return candidate.toInstant();
        }
    }
}
