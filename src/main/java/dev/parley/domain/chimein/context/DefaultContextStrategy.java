package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.ContentWords;
import dev.parley.domain.chimein.Participants;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parley's default context selection: the structure of the conversation first, then meaning, then time.
 *
 * <ol>
 *   <li><b>Anchor.</b> A mention that replies to a message is about that message, however old, and about its reply
 *   chain (the anchor's ancestors and the other replies to it).</li>
 *   <li><b>Parent.</b> Otherwise every recent message is scored as the one the mention answers: messages of the people
 *   it addresses (most when they were talking to the mention's author), the author's own earlier words to them, and
 *   closeness in meaning to the mention, all discounted by distance. The best one is chosen, and a second one when it
 *   scores nearly as well.</li>
 *   <li><b>Thread.</b> A generic call ("@bot what do you think?", "@bot ^") and a reply ask the bot to read the
 *   conversation, so the selection grows along reply links, along neighbours that lean on each other ("Any
 *   thoughts?" right after a proposal) and along closeness in meaning to what is already selected, however far
 *   apart in time: in the seed's restaurant example the proposal three days old is part of the conversation.</li>
 * </ol>
 */
public final class DefaultContextStrategy implements ContextStrategy {
    public static final String NAME = "default";
    public static final int DEFAULT_LOOKBACK = 20;

    /**
     * The scoring constants: the coefficients of a listwise logistic model (softmax over the candidates of each
     * mention) fitted on the irc-disentanglement dev split only, validated leaving one log out
     * (docs/context-evaluation.md). Every feature is a structural signal of group chats (who talks to whom, how
     * far back, how long ago, how close in meaning), none is specific to that data.
     */
    public record Weights(double distance, double minutesAgo, double similarity, double shortText,
                          double byAddressee, double addresseeLatest, double addresseeSecondLatest,
                          double addresseeToAuthor, double addresseeToOthers, double addresseeUnaddressed,
                          double authorToAddressee, double thirdParty, double thirdToAuthor,
                          double secondMargin, double threadSimilarity, int maxSelected) {
        public static final Weights TUNED = new Weights(-1.19, -0.84, 4.77, -0.6,
                2.12, 1.09, 1.08, 2.53, -1.47, 1.06, 1.70, -1.74, 2.89,
                -1, 0.40, 8);
    }

    private final int lookback;
    private final Weights w;

    public DefaultContextStrategy(int lookback, Weights weights) {
        if (lookback < 1) throw new IllegalArgumentException("lookback must be at least 1");
        this.lookback = lookback;
        this.w = weights;
    }

    public DefaultContextStrategy(int lookback) {
        this(lookback, Weights.TUNED);
    }

    public DefaultContextStrategy() {
        this(DEFAULT_LOOKBACK);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int lookback() {
        return lookback;
    }

    @Override
    public ContextSelection select(ContextQuery q) {
        var trigger = q.trigger();
        var recent = q.recent().subList(Math.max(0, q.recent().size() - lookback), q.recent().size());
        var byProviderId = q.byProviderId();
        java.util.function.Function<String, Optional<ChatMessage>> parentOf =
                id -> Optional.ofNullable(byProviderId.get(id));
        var everyone = new ArrayList<ChatMessage>(recent);
        everyone.addAll(q.linked());
        q.anchor().ifPresent(everyone::add);
        everyone.add(trigger);
        var participants = Participants.of(everyone, q.bot());
        var picked = new Picked();

        if (q.anchor().isPresent()) {
            anchored(q.anchor().get(), recent, byProviderId, picked);
        } else {
            parent(trigger, recent, participants, parentOf, q.similarity(), picked);
        }
        if (q.anchor().isPresent() || ContentWords.isGenericRequest(trigger.text())
                && !inExchange(trigger, recent, participants, parentOf)) {
            thread(recent, q.similarity(), participants, parentOf, picked);
        }
        var ordered = new ArrayList<SelectedMessage>();
        picked.reasons.forEach((m, reasons) -> ordered.add(new SelectedMessage(m, reasons)));
        ordered.sort(Comparator.comparing((SelectedMessage s) -> s.message().sentAt())
                .thenComparingLong(s -> s.message().id()));
        return new ContextSelection(NAME, ordered);
    }

    /** The anchor, its ancestors by reply link, and the other replies to it. */
    private void anchored(ChatMessage anchor, List<ChatMessage> recent, Map<String, ChatMessage> byProviderId,
                          Picked picked) {
        picked.add(anchor, SelectionReason.of(SelectionReason.Kind.ANCHOR));
        var seen = new HashSet<String>();
        var current = anchor;
        while (current.replyTo() != null && seen.add(current.replyTo()) && picked.size() < w.maxSelected()) {
            var parent = byProviderId.get(current.replyTo());
            if (parent == null) break;
            picked.add(parent, SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
            current = parent;
        }
        if (anchor.providerId() != null) {
            for (var m : recent) {
                if (anchor.providerId().equals(m.replyTo()) && picked.size() < w.maxSelected()) {
                    picked.add(m, SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
                }
            }
        }
    }

    /**
     * Scores each recent message as the one the mention answers; keeps the best (and a close second). When people
     * the mention addresses spoke in the window, the conversation between them and the author decides; otherwise
     * (a call to a bot that has not spoken, a name nobody in the window has) the latest messages and their
     * closeness in meaning do.
     */
    private void parent(ChatMessage trigger, List<ChatMessage> recent, Participants participants,
                        java.util.function.Function<String, Optional<ChatMessage>> parentOf, Similarity similarity,
                        Picked picked) {
        var author = trigger.sender();
        var addressees = new HashSet<>(participants.addressedBy(trigger, parentOf));
        var spoke = new HashSet<String>();
        for (var m : recent) spoke.add(m.sender());
        addressees.retainAll(spoke);
        record Scored(ChatMessage message, double score, List<SelectionReason> reasons) {
        }
        var scored = new ArrayList<Scored>();
        var rankOfSender = new java.util.HashMap<String, Integer>();
        for (int pos = 0; pos < recent.size(); pos++) {
            var c = recent.get(recent.size() - 1 - pos);
            int rank = rankOfSender.merge(c.sender(), 1, Integer::sum) - 1;
            double structure;
            if (addressees.contains(c.sender())) {
                var its = participants.addressedBy(c, parentOf);
                structure = w.byAddressee() + (rank == 0 ? w.addresseeLatest() : rank == 1 ? w.addresseeSecondLatest() : 0)
                        + (its.contains(author) ? w.addresseeToAuthor()
                        : its.isEmpty() ? w.addresseeUnaddressed() : w.addresseeToOthers());
            } else if (c.sender().equals(author)) {
                structure = addressesAny(c, addressees, participants, parentOf) ? w.authorToAddressee() : 0;
            } else {
                structure = w.thirdParty()
                        + (participants.addressedBy(c, parentOf).contains(author) ? w.thirdToAuthor() : 0);
            }
            double sim = similarity.between(trigger, c);
            double minutes = Math.max(0, java.time.Duration.between(c.sentAt(), trigger.sentAt()).toSeconds() / 60.0);
            double score = structure + w.similarity() * sim + w.distance() * Math.log1p(pos)
                    + w.minutesAgo() * Math.log1p(minutes) + (c.text().length() < 20 ? w.shortText() : 0);
            var reasons = new ArrayList<SelectionReason>();
            if (addressees.contains(c.sender()) || structure > 0) {
                reasons.add(new SelectionReason(SelectionReason.Kind.ADDRESSEE, score));
            }
            if (sim >= w.threadSimilarity()) reasons.add(new SelectionReason(SelectionReason.Kind.SIMILARITY, sim));
            if (reasons.isEmpty()) reasons.add(new SelectionReason(SelectionReason.Kind.RECENT, score));
            scored.add(new Scored(c, score, reasons));
        }
        if (scored.isEmpty()) return;
        // Stable sort: on equal scores the more recent message (scored first) wins.
        scored.sort(Comparator.comparingDouble((Scored s) -> -s.score()));
        var best = scored.get(0);
        picked.add(best.message(), best.reasons());
        if (scored.size() > 1 && scored.get(1).score() >= best.score() - w.secondMargin()) {
            picked.add(scored.get(1).message(), scored.get(1).reasons());
        }
    }

    /**
     * Whether the mention continues an exchange: someone it addresses spoke to its author in the window, or its
     * author to them. Then a bare "yes" or "why?" answers that exchange; it is no call to read the conversation.
     */
    private static boolean inExchange(ChatMessage trigger, List<ChatMessage> recent, Participants participants,
                                      java.util.function.Function<String, Optional<ChatMessage>> parentOf) {
        var addressees = participants.addressedBy(trigger, parentOf);
        for (var m : recent) {
            if (addressees.contains(m.sender())
                    && participants.addressedBy(m, parentOf).contains(trigger.sender())) return true;
            if (m.sender().equals(trigger.sender()) && addressesAny(m, addressees, participants, parentOf)) return true;
        }
        return false;
    }

    private static boolean addressesAny(ChatMessage m, Set<String> addressees, Participants participants,
                                        java.util.function.Function<String, Optional<ChatMessage>> parentOf) {
        if (addressees.isEmpty()) return false;
        for (var a : participants.addressedBy(m, parentOf)) if (addressees.contains(a)) return true;
        return false;
    }

    /** Grows the selection along reply links, leaning neighbours and closeness in meaning. */
    private void thread(List<ChatMessage> recent, Similarity similarity, Participants participants,
                        java.util.function.Function<String, Optional<ChatMessage>> parentOf, Picked picked) {
        boolean grew = true;
        while (grew && picked.size() < w.maxSelected()) {
            grew = false;
            for (int i = recent.size() - 1; i >= 0 && picked.size() < w.maxSelected(); i--) {
                var y = recent.get(i);
                if (picked.contains(y)) continue;
                var reason = link(recent, i, similarity, participants, parentOf, picked);
                if (reason.isPresent()) {
                    picked.add(y, reason.get());
                    grew = true;
                }
            }
        }
    }

    /** Why {@code recent[i]} belongs to the picked thread, if it does. */
    private Optional<SelectionReason> link(List<ChatMessage> recent, int i, Similarity similarity,
                                           Participants participants,
                                           java.util.function.Function<String, Optional<ChatMessage>> parentOf,
                                           Picked picked) {
        var y = recent.get(i);
        var next = i + 1 < recent.size() ? recent.get(i + 1) : null;
        var previous = i > 0 ? recent.get(i - 1) : null;
        double bestSimilarity = 0;
        for (var x : picked.reasons.keySet()) {
            if (y.providerId() != null && y.providerId().equals(x.replyTo())) {
                return Optional.of(SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
            }
            if (x.providerId() != null && x.providerId().equals(y.replyTo())) {
                return Optional.of(SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
            }
            bestSimilarity = Math.max(bestSimilarity, similarity.between(x, y));
        }
        // A picked message that names y's author answers y's author's last words before it.
        for (var x : picked.reasons.keySet()) {
            if (!participants.addressedBy(x, parentOf).contains(y.sender())) continue;
            if (isLastOfSenderBefore(recent, i, x)) {
                return Optional.of(SelectionReason.of(SelectionReason.Kind.ADDRESSEE));
            }
        }
        if (next != null && picked.contains(next)
                && (ContentWords.leansOnPrevious(next.text()) || ContentWords.leansOnPrevious(y.text()))) {
            return Optional.of(SelectionReason.of(SelectionReason.Kind.CONTINUATION));
        }
        if (previous != null && picked.contains(previous) && ContentWords.leansOnPrevious(y.text())) {
            return Optional.of(SelectionReason.of(SelectionReason.Kind.CONTINUATION));
        }
        if (bestSimilarity >= w.threadSimilarity()) {
            return Optional.of(new SelectionReason(SelectionReason.Kind.SIMILARITY, bestSimilarity));
        }
        return Optional.empty();
    }

    /** Whether {@code recent[i]} is its sender's last message before {@code x}. */
    private static boolean isLastOfSenderBefore(List<ChatMessage> recent, int i, ChatMessage x) {
        var y = recent.get(i);
        for (int j = i + 1; j < recent.size(); j++) {
            var m = recent.get(j);
            if (m.id() == x.id()) return true;
            if (m.sender().equals(y.sender())) return false;
        }
        return false;
    }

    /** Selected messages with their reasons, in the order they were chosen. */
    private static final class Picked {
        final Map<ChatMessage, List<SelectionReason>> reasons = new LinkedHashMap<>();
        private final Set<Long> ids = new HashSet<>();

        void add(ChatMessage m, SelectionReason reason) {
            add(m, List.of(reason));
        }

        void add(ChatMessage m, List<SelectionReason> why) {
            if (ids.add(m.id())) {
                reasons.put(m, new ArrayList<>(why));
            } else {
                reasons.entrySet().stream().filter(e -> e.getKey().id() == m.id()).findFirst()
                        .ifPresent(e -> e.getValue().addAll(why));
            }
        }

        boolean contains(ChatMessage m) {
            return ids.contains(m.id());
        }

        int size() {
            return ids.size();
        }
    }
}
