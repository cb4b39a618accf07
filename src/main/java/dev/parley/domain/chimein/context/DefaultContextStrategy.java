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
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Parley's default context selection: the structure of the conversation first, then meaning, then time.
 *
 * <ol>
 *   <li><b>Anchor.</b> A mention that replies to a message is about that message, however old, and about its reply
 *   chain (the anchor's ancestors and the other replies to it).</li>
 *   <li><b>Parent.</b> Otherwise every recent message is scored as the one the mention answers
 *   ({@link ParentFeatures}, weights fitted by {@code parley train context}): messages of the people it addresses
 *   (most when they were talking to the mention's author), the author's own earlier words to them, closeness in
 *   meaning, distance. When it addresses nobody who spoke (a call to the bot), the author's partners, the latest
 *   messages and meaning decide, and a message that starts something new may get no parent at all. The bot's own
 *   messages are never the parent: a second call after the bot answered is about the conversation, not about the
 *   answer.</li>
 *   <li><b>Thread.</b> A reply, a generic call ("@bot what do you think?", "@bot ^") and a question about the
 *   conversation itself ("@bot what's the plan?", "what did we decide?") ask the bot to read the conversation: the
 *   selection grows along reply links, and by the thread model ({@link ThreadFeatures}: who talks to whom, meaning,
 *   position, neighbours that lean on each other) however far apart in time: in the seed's restaurant example the
 *   proposal three days old is part of the conversation.</li>
 * </ol>
 */
public final class DefaultContextStrategy implements ContextStrategy {
    public static final String NAME = "default";
    public static final int DEFAULT_LOOKBACK = 20;
    /** Shown as a reason from this cosine up (a label only). */
    private static final double SHOWN_SIMILARITY = 0.30;
    /**
     * Two messages this close in meaning are about the same thing, however far apart (set by hand from group-chat
     * examples, decision 0011: related pairs 0.46–0.64, unrelated ones below 0.25; not fitted on the IRC logs).
     */
    static final double RELATED = 0.40;

    private final int lookback;
    private final ContextWeights w;
    private final boolean alwaysReadThread;

    public DefaultContextStrategy(int lookback, ContextWeights weights) {
        this(lookback, weights, false);
    }

    private DefaultContextStrategy(int lookback, ContextWeights weights, boolean alwaysReadThread) {
        if (lookback < 1) throw new IllegalArgumentException("lookback must be at least 1");
        this.lookback = lookback;
        this.w = Objects.requireNonNull(weights, "weights");
        this.alwaysReadThread = alwaysReadThread;
    }

    /**
     * The same strategy reading every mention as a call to read the conversation (as it reads "@bot what do you
     * think?"): how evaluations score the thread on logs where every mention names its subject.
     */
    public static DefaultContextStrategy readingTheConversation(int lookback, ContextWeights weights) {
        return new DefaultContextStrategy(lookback, weights, true);
    }

    public ContextWeights weights() {
        return w;
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
        var view = View.of(q, lookback);
        var picked = new Picked();
        boolean readThread;
        if (q.anchor().isPresent()) {
            anchored(q.anchor().get(), view, picked);
            readThread = true;
        } else {
            readThread = alwaysReadThread
                    || ContentWords.callsForConversation(q.trigger().text()) && !inExchange(view);
            parent(view, readThread, picked);
            if (readThread && view.callsTheBot(q.trigger())) latest(view, picked);
        }
        if (readThread && !picked.isEmpty()) thread(view, picked);
        var ordered = new ArrayList<SelectedMessage>();
        picked.reasons.forEach((m, reasons) -> ordered.add(new SelectedMessage(m, reasons)));
        ordered.sort(Comparator.comparing((SelectedMessage s) -> s.message().sentAt())
                .thenComparingLong(s -> s.message().id()));
        return new ContextSelection(NAME, ordered);
    }

    /** What one selection reads: the window, who is who, reply links, and the bot (never a candidate). */
    record View(ContextQuery q, List<ChatMessage> recent, Participants participants,
                Function<String, Optional<ChatMessage>> parentOf, Set<String> excluded) {

        static View of(ContextQuery q, int lookback) {
            var recent = q.recent().subList(Math.max(0, q.recent().size() - lookback), q.recent().size());
            var byProviderId = q.byProviderId();
            var everyone = new ArrayList<ChatMessage>(recent);
            everyone.addAll(q.linked());
            q.anchor().ifPresent(everyone::add);
            everyone.add(q.trigger());
            var excluded = q.bot() == null ? Set.<String>of() : Set.of(q.bot().senderId());
            return new View(q, recent, Participants.of(everyone, q.bot()),
                    id -> Optional.ofNullable(byProviderId.get(id)), excluded);
        }

        ParentFeatures.Of parentFeatures() {
            return ParentFeatures.of(q.trigger(), recent, participants, parentOf, q.similarity(), excluded);
        }

        boolean isBot(ChatMessage m) {
            return excluded.contains(m.sender());
        }

        /** Whether {@code m} addresses the bot (by name, entity, or a reply to one of its messages). */
        boolean callsTheBot(ChatMessage m) {
            return participants.addressedBy(m, parentOf).stream().anyMatch(excluded::contains);
        }
    }

    /** The parent features of a query exactly as {@link #select} computes them (for fitting the weights). */
    public static ParentFeatures.Of parentFeatures(ContextQuery q, int lookback) {
        return View.of(q, lookback).parentFeatures();
    }

    /** The thread features of a query's window exactly as {@link #select} computes them (for fitting). */
    public static ThreadFeatures threadFeatures(ContextQuery q, int lookback) {
        var view = View.of(q, lookback);
        return new ThreadFeatures(q.trigger(), view.recent(), view.participants(), view.parentOf(), q.similarity());
    }

    /** The anchor, its ancestors by reply link, and the other replies to it. */
    private void anchored(ChatMessage anchor, View view, Picked picked) {
        int max = w.thread().maxSelected();
        picked.add(anchor, SelectionReason.of(SelectionReason.Kind.ANCHOR));
        var byProviderId = view.q().byProviderId();
        var seen = new HashSet<String>();
        var current = anchor;
        while (current.replyTo() != null && seen.add(current.replyTo()) && picked.size() < max) {
            var parent = byProviderId.get(current.replyTo());
            if (parent == null) break;
            picked.add(parent, SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
            current = parent;
        }
        if (anchor.providerId() != null) {
            for (var m : view.recent()) {
                if (anchor.providerId().equals(m.replyTo()) && picked.size() < max) {
                    picked.add(m, SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
                }
            }
        }
    }

    /**
     * Picks the message the mention most likely answers. Outside a call to read the conversation, "none" wins when
     * the mention looks like the start of something new (the unaddressed model's no-parent score beats every
     * candidate).
     */
    private void parent(View view, boolean readThread, Picked picked) {
        var features = view.parentFeatures();
        var model = features.addressed() ? w.addressed() : w.unaddressed();
        ParentFeatures.Scored best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (var c : features.candidates()) {
            double score = model.score(c.features());
            // Strictly greater: on equal scores the more recent message (listed first) wins.
            if (score > bestScore) {
                best = c;
                bestScore = score;
            }
        }
        if (best == null) return;
        if (!readThread && model.noneScore(features.mention()) > bestScore) return;
        var reasons = new ArrayList<SelectionReason>();
        var f = best.features();
        boolean structural = best.byAddressee() || f[ParentFeatures.Candidate.TO_AUTHOR.ordinal()] > 0
                || f[ParentFeatures.Candidate.AUTHOR_TO_ADDRESSEE.ordinal()] > 0
                || f[ParentFeatures.Candidate.PARTNER.ordinal()] > 0;
        reasons.add(new SelectionReason(structural ? SelectionReason.Kind.ADDRESSEE : SelectionReason.Kind.RECENT,
                bestScore));
        double sim = f[ParentFeatures.Candidate.SIMILARITY.ordinal()];
        if (sim >= SHOWN_SIMILARITY) reasons.add(new SelectionReason(SelectionReason.Kind.SIMILARITY, sim));
        picked.add(best.message(), reasons);
    }

    /**
     * A call to the bot about "the conversation" means the one going on: its latest message (not the bot's, not
     * another call to the bot) seeds the thread beside the parent.
     */
    private static void latest(View view, Picked picked) {
        var recent = view.recent();
        for (int i = recent.size() - 1; i >= 0; i--) {
            var m = recent.get(i);
            if (view.isBot(m) || view.callsTheBot(m)) continue;
            picked.add(m, SelectionReason.of(SelectionReason.Kind.RECENT));
            return;
        }
    }

    /**
     * Whether the mention continues an exchange: someone it addresses (not the bot) spoke to its author in the
     * window, or its author to them. Then a bare "yes" or "why?" answers that exchange; it is no call to read the
     * conversation.
     */
    private static boolean inExchange(View view) {
        var trigger = view.q().trigger();
        var addressees = new HashSet<>(view.participants().addressedBy(trigger, view.parentOf()));
        addressees.removeAll(view.excluded());
        if (addressees.isEmpty()) return false;
        for (var m : view.recent()) {
            var its = view.participants().addressedBy(m, view.parentOf());
            if (addressees.contains(m.sender()) && its.contains(trigger.sender())) return true;
            if (m.sender().equals(trigger.sender()) && its.stream().anyMatch(addressees::contains)) return true;
        }
        return false;
    }

    /**
     * Grows the selection into its conversation, one message at a time: first what is linked for sure (an explicit
     * reply, also through one of the bot's answers; a neighbour that leans on a selected message or that it leans on,
     * "Any thoughts?" after a proposal; a message as close in meaning as {@link #RELATED}), latest first; then the
     * message the thread model places in the conversation with the highest probability, if it reaches the fitted
     * threshold. Up to the maximum.
     */
    private void thread(View view, Picked picked) {
        var recent = view.recent();
        var threadFeatures = new ThreadFeatures(view.q().trigger(), recent, view.participants(), view.parentOf(),
                view.q().similarity());
        var model = w.thread();
        while (picked.size() < model.maxSelected()) {
            var selected = new HashSet<Integer>();
            var inWindow = new HashSet<Long>();
            for (int i = 0; i < recent.size(); i++) {
                if (picked.contains(recent.get(i))) {
                    selected.add(i);
                    inWindow.add(recent.get(i).id());
                }
            }
            var outside = picked.reasons.keySet().stream().filter(m -> !inWindow.contains(m.id())).toList();
            int bestIndex = -1;
            double best = -1;
            double[] bestFeatures = null;
            List<SelectionReason> sure = null;
            for (int i = recent.size() - 1; i >= 0 && sure == null; i--) {
                var y = recent.get(i);
                if (picked.contains(y) || view.isBot(y)) continue;
                var f = threadFeatures.of(i, selected, outside);
                sure = sureLink(y, f, picked, view);
                if (sure != null) {
                    bestIndex = i;
                    break;
                }
                double p = model.probability(f);
                if (p > best) {
                    best = p;
                    bestIndex = i;
                    bestFeatures = f;
                }
            }
            if (sure != null) {
                picked.add(recent.get(bestIndex), sure);
            } else if (bestIndex >= 0 && best >= model.threshold()) {
                picked.add(recent.get(bestIndex), threadReasons(best, bestFeatures));
            } else {
                return;
            }
        }
    }

    /** The reasons {@code y} belongs to the selection for sure, or null. */
    private static List<SelectionReason> sureLink(ChatMessage y, double[] f, Picked picked, View view) {
        if (replyLinked(y, picked, view)) return List.of(SelectionReason.of(SelectionReason.Kind.REPLY_CHAIN));
        if (f[ThreadFeatures.Feature.CONTINUATION.ordinal()] > 0) {
            return List.of(SelectionReason.of(SelectionReason.Kind.CONTINUATION));
        }
        double sim = f[ThreadFeatures.Feature.SIMILARITY.ordinal()];
        if (sim >= RELATED) return List.of(new SelectionReason(SelectionReason.Kind.SIMILARITY, sim));
        return null;
    }

    private static List<SelectionReason> threadReasons(double probability, double[] f) {
        var reasons = new ArrayList<SelectionReason>();
        reasons.add(new SelectionReason(SelectionReason.Kind.CONVERSATION, probability));
        if (f[ThreadFeatures.Feature.ADDRESSES_SELECTED.ordinal()] > 0
                || f[ThreadFeatures.Feature.ADDRESSED_BY_SELECTED.ordinal()] > 0) {
            reasons.add(SelectionReason.of(SelectionReason.Kind.ADDRESSEE));
        }
        if (f[ThreadFeatures.Feature.CONTINUATION.ordinal()] > 0) {
            reasons.add(SelectionReason.of(SelectionReason.Kind.CONTINUATION));
        }
        double sim = f[ThreadFeatures.Feature.SIMILARITY.ordinal()];
        if (sim >= SHOWN_SIMILARITY) reasons.add(new SelectionReason(SelectionReason.Kind.SIMILARITY, sim));
        return reasons;
    }

    /** An explicit reply link between {@code y} and a picked message, also through one of the bot's answers. */
    private static boolean replyLinked(ChatMessage y, Picked picked, View view) {
        for (var x : picked.reasons.keySet()) {
            if (y.providerId() != null && y.providerId().equals(x.replyTo())) return true;
            if (x.providerId() != null && x.providerId().equals(y.replyTo())) return true;
            // y replies to the bot's answer to x (or x to the bot's answer to y)
            if (answersVia(y, x, view) || answersVia(x, y, view)) return true;
        }
        return false;
    }

    /** {@code child} replies to a bot message that replied to {@code parent}. */
    private static boolean answersVia(ChatMessage child, ChatMessage parent, View view) {
        if (child.replyTo() == null || parent.providerId() == null) return false;
        return view.parentOf().apply(child.replyTo())
                .filter(view::isBot)
                .map(bot -> parent.providerId().equals(bot.replyTo()))
                .orElse(false);
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

        boolean isEmpty() {
            return ids.isEmpty();
        }

        int size() {
            return ids.size();
        }
    }
}
