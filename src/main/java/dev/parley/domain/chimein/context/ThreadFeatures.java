package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.ContentWords;
import dev.parley.domain.chimein.Participants;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Whether an earlier message belongs to the conversation already selected: the features the thread model weighs
 * for one candidate against the selection and the mention (who talks to whom, how close in meaning and in
 * position, whether one leans on the other). Reply links are not among them: an explicit reply always belongs.
 */
public final class ThreadFeatures {

    public enum Feature {
        /** Constant 1. */
        BIAS,
        /** The highest cosine between the candidate and a selected message. */
        SIMILARITY,
        /** log(1 + messages between the candidate and the nearest selected message or the mention). */
        DISTANCE,
        /** Its sender wrote a selected message or the mention. */
        SAME_SENDER,
        /** It addresses the sender of a selected message or of the mention. */
        ADDRESSES_SELECTED,
        /** A selected message (or the mention) addresses its sender, and it is that sender's last word before it. */
        ADDRESSED_BY_SELECTED,
        /** It addresses people, none of whom wrote a selected message or the mention. */
        TO_OUTSIDER,
        /** It is right next to a selected message and one of the two leans on the other ("Any thoughts?"). */
        CONTINUATION,
        /** Fewer than 20 characters. */
        SHORT_TEXT,
        /**
         * log(people who wrote in the window, the mention's author included): the more people, the more
         * conversations at once, the less any one message belongs to the mention's (a busy channel is not a small
         * group).
         */
        SENDERS;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final List<ChatMessage> recent;
    private final ChatMessage trigger;
    private final Participants participants;
    private final Function<String, Optional<ChatMessage>> parentOf;
    private final Similarity similarity;
    private final java.util.Map<Long, Set<String>> addressed = new java.util.HashMap<>();
    private final double people;

    /** For candidates of {@code recent} (oldest first, the mention after the last). */
    public ThreadFeatures(ChatMessage trigger, List<ChatMessage> recent, Participants participants,
                          Function<String, Optional<ChatMessage>> parentOf, Similarity similarity) {
        this.trigger = trigger;
        this.recent = recent;
        this.participants = participants;
        this.parentOf = parentOf;
        this.similarity = similarity;
        var wrote = new HashSet<String>();
        wrote.add(trigger.sender());
        for (var m : recent) if (!m.fromBot()) wrote.add(m.sender());
        this.people = Math.log(wrote.size());
    }

    /**
     * The features of {@code recent[i]} against the selected positions of {@code recent} ({@code selected}) and
     * selected messages older than the window ({@code outside}: an old anchor and its chain).
     */
    public double[] of(int i, Set<Integer> selected, java.util.Collection<ChatMessage> outside) {
        var y = recent.get(i);
        var f = new double[Feature.values().length];
        f[Feature.BIAS.ordinal()] = 1;
        var senders = new HashSet<String>();
        senders.add(trigger.sender());
        double bestSimilarity = 0;
        int nearest = recent.size() - i; // the mention comes right after the last message
        boolean continuation = false;
        boolean addressedBySelected = addresses(trigger, y.sender()) && isLastOfSenderFrom(i, recent.size());
        for (int j : selected) {
            var x = recent.get(j);
            senders.add(x.sender());
            bestSimilarity = Math.max(bestSimilarity, similarity.between(x, y));
            nearest = Math.min(nearest, Math.abs(j - i));
            if (j == i + 1 && (ContentWords.leansOnPrevious(x.text()) || ContentWords.leansOnPrevious(y.text()))
                    || j == i - 1 && ContentWords.leansOnPrevious(y.text())) {
                continuation = true;
            }
            if (j > i && addresses(x, y.sender()) && isLastOfSenderFrom(i, j)) addressedBySelected = true;
        }
        for (var x : outside) {
            senders.add(x.sender());
            bestSimilarity = Math.max(bestSimilarity, similarity.between(x, y));
            if (addresses(x, y.sender())) addressedBySelected = true;
        }
        var its = addressedBy(y);
        f[Feature.SIMILARITY.ordinal()] = bestSimilarity;
        f[Feature.DISTANCE.ordinal()] = Math.log1p(nearest - 1);
        f[Feature.SAME_SENDER.ordinal()] = flag(senders.contains(y.sender()));
        f[Feature.ADDRESSES_SELECTED.ordinal()] = flag(its.stream().anyMatch(senders::contains));
        f[Feature.ADDRESSED_BY_SELECTED.ordinal()] = flag(addressedBySelected);
        f[Feature.TO_OUTSIDER.ordinal()] = flag(!its.isEmpty() && its.stream().noneMatch(senders::contains));
        f[Feature.CONTINUATION.ordinal()] = flag(continuation);
        f[Feature.SHORT_TEXT.ordinal()] = flag(y.text().length() < 20);
        f[Feature.SENDERS.ordinal()] = people;
        return f;
    }

    /** Whether {@code recent[i]} is its sender's last message before position {@code until}. */
    private boolean isLastOfSenderFrom(int i, int until) {
        var sender = recent.get(i).sender();
        for (int k = i + 1; k < until; k++) if (recent.get(k).sender().equals(sender)) return false;
        return true;
    }

    private boolean addresses(ChatMessage m, String sender) {
        return addressedBy(m).contains(sender);
    }

    private Set<String> addressedBy(ChatMessage m) {
        return addressed.computeIfAbsent(m.id(), id -> participants.addressedBy(m, parentOf));
    }

    private static double flag(boolean b) {
        return b ? 1 : 0;
    }
}
