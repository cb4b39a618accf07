package dev.parley.domain.chimein.context;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.Participants;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * What the parent score of a mention reads: for each earlier message (a candidate), the structural signals of
 * group chats (who talks to whom, how far back, how long ago, how close in meaning); for the mention itself, the
 * signals that it starts something new rather than answering anything. The strategy scores with these features and
 * the trainer ({@code parley train context}) fits its weights on the same features, so what is served is what was
 * fitted.
 */
public final class ParentFeatures {

    /** Features of one candidate: the parent score is linear in them. */
    public enum Candidate {
        /** log(1 + messages between the candidate and the mention). */
        DISTANCE,
        /** log(1 + minutes between the candidate and the mention). */
        MINUTES_AGO,
        /** Cosine of the two messages' sentence embeddings. */
        SIMILARITY,
        /** Fewer than 20 characters. */
        SHORT_TEXT,
        /** Asks something (a question mark). */
        QUESTION,
        /** Written by someone the mention addresses. */
        BY_ADDRESSEE,
        /** ... and their latest message before the mention. */
        ADDRESSEE_LATEST,
        /** ... and their second-latest. */
        ADDRESSEE_SECOND_LATEST,
        /** ... addressed to the mention's author. */
        ADDRESSEE_TO_AUTHOR,
        /** ... addressed to someone else. */
        ADDRESSEE_TO_OTHERS,
        /** ... addressed to nobody. */
        ADDRESSEE_UNADDRESSED,
        /** The author's own message to someone the mention addresses. */
        AUTHOR_TO_ADDRESSEE,
        /** Written by neither the author nor someone the mention addresses. */
        THIRD_PARTY,
        /** ... and addressed to the author. */
        THIRD_TO_AUTHOR,
        /** Written by the mention's author. */
        BY_AUTHOR,
        /** ... their latest message before the mention. */
        AUTHOR_LATEST,
        /** Addressed to the mention's author (whoever wrote it). */
        TO_AUTHOR,
        /** Addressed to someone other than the author. */
        TO_OTHERS,
        /** Its sender's latest message before the mention. */
        SENDER_LATEST,
        /** Written by someone the author talked with in the window (either way round). */
        PARTNER,
        /** ... and that partner's latest message. */
        PARTNER_LATEST,
        /** The author wrote something after it (they already reacted to it, or moved on). */
        AUTHOR_SINCE,
        /** Someone other than the author addressed its sender after it (it has had its answer). */
        ANSWERED;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Features of the mention that say it answers nothing here (a new question): the "no parent" option's score. */
    public enum Mention {
        /** Constant 1. */
        BIAS,
        /** The author wrote something in the window. */
        AUTHOR_SPOKE,
        /** Someone addressed the author in the window. */
        AUTHOR_ADDRESSED,
        /** The mention asks something (a question mark). */
        QUESTION,
        /** log(1 + words of the mention). */
        WORDS,
        /** The highest cosine between the mention and a message of the window. */
        BEST_SIMILARITY;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One earlier message with its features ({@link Candidate} order). */
    public record Scored(ChatMessage message, double[] features, boolean byAddressee) {
    }

    /**
     * The candidates of one mention and its own features.
     *
     * @param addressed whether people the mention addresses spoke in the window (then their words decide)
     */
    public record Of(List<Scored> candidates, double[] mention, boolean addressed) {
    }

    private ParentFeatures() {
    }

    /**
     * The features of every message of {@code recent} (oldest first) as the parent of {@code trigger}. Messages of
     * {@code excluded} senders (the bot itself) are no candidates and nobody's addressee: a mention after the bot
     * answered is about the conversation, not about the bot's answer.
     */
    public static Of of(ChatMessage trigger, List<ChatMessage> recent, Participants participants,
                        Function<String, Optional<ChatMessage>> parentOf, Similarity similarity, Set<String> excluded) {
        var author = trigger.sender();
        var addressees = new HashSet<>(participants.addressedBy(trigger, parentOf));
        addressees.removeAll(excluded);
        var spoke = new HashSet<String>();
        for (var m : recent) spoke.add(m.sender());
        addressees.retainAll(spoke);
        var addressedBy = new HashMap<Long, Set<String>>();
        for (var m : recent) addressedBy.put(m.id(), participants.addressedBy(m, parentOf));
        var partners = new HashSet<String>();
        boolean authorSpoke = false;
        boolean authorAddressed = false;
        for (var m : recent) {
            if (m.sender().equals(author)) {
                authorSpoke = true;
                partners.addAll(addressedBy.get(m.id()));
            } else if (addressedBy.get(m.id()).contains(author)) {
                authorAddressed = true;
                partners.add(m.sender());
            }
        }
        partners.removeAll(excluded);
        var candidates = new ArrayList<Scored>();
        var rankOfSender = new HashMap<String, Integer>();
        var addressedLater = new HashSet<String>();
        boolean authorLater = false;
        double bestSimilarity = 0;
        for (int pos = 0; pos < recent.size(); pos++) {
            var c = recent.get(recent.size() - 1 - pos);
            int rank = rankOfSender.merge(c.sender(), 1, Integer::sum) - 1;
            boolean authorSince = authorLater;
            boolean answered = addressedLater.contains(c.sender());
            if (c.sender().equals(author)) {
                authorLater = true;
            } else {
                addressedLater.addAll(addressedBy.get(c.id()));
            }
            if (excluded.contains(c.sender())) continue;
            var its = addressedBy.get(c.id());
            double sim = similarity.between(trigger, c);
            bestSimilarity = Math.max(bestSimilarity, sim);
            double minutes = Math.max(0, Duration.between(c.sentAt(), trigger.sentAt()).toSeconds() / 60.0);
            var f = new double[Candidate.values().length];
            f[Candidate.DISTANCE.ordinal()] = Math.log1p(pos);
            f[Candidate.MINUTES_AGO.ordinal()] = Math.log1p(minutes);
            f[Candidate.SIMILARITY.ordinal()] = sim;
            f[Candidate.SHORT_TEXT.ordinal()] = flag(c.text().length() < 20);
            f[Candidate.QUESTION.ordinal()] = flag(c.text().indexOf('?') >= 0);
            boolean byAddressee = addressees.contains(c.sender());
            boolean byAuthor = c.sender().equals(author);
            boolean toAuthor = its.contains(author);
            if (byAddressee) {
                f[Candidate.BY_ADDRESSEE.ordinal()] = 1;
                f[Candidate.ADDRESSEE_LATEST.ordinal()] = flag(rank == 0);
                f[Candidate.ADDRESSEE_SECOND_LATEST.ordinal()] = flag(rank == 1);
                int to = toAuthor ? Candidate.ADDRESSEE_TO_AUTHOR.ordinal()
                        : its.isEmpty() ? Candidate.ADDRESSEE_UNADDRESSED.ordinal()
                        : Candidate.ADDRESSEE_TO_OTHERS.ordinal();
                f[to] = 1;
            } else if (byAuthor) {
                f[Candidate.AUTHOR_TO_ADDRESSEE.ordinal()] = flag(its.stream().anyMatch(addressees::contains));
            } else {
                f[Candidate.THIRD_PARTY.ordinal()] = 1;
                f[Candidate.THIRD_TO_AUTHOR.ordinal()] = flag(toAuthor);
            }
            f[Candidate.BY_AUTHOR.ordinal()] = flag(byAuthor);
            f[Candidate.AUTHOR_LATEST.ordinal()] = flag(byAuthor && rank == 0);
            f[Candidate.TO_AUTHOR.ordinal()] = flag(toAuthor);
            f[Candidate.TO_OTHERS.ordinal()] = flag(its.stream().anyMatch(s -> !s.equals(author)));
            f[Candidate.SENDER_LATEST.ordinal()] = flag(rank == 0);
            boolean partner = partners.contains(c.sender());
            f[Candidate.PARTNER.ordinal()] = flag(partner);
            f[Candidate.PARTNER_LATEST.ordinal()] = flag(partner && rank == 0);
            f[Candidate.AUTHOR_SINCE.ordinal()] = flag(authorSince);
            f[Candidate.ANSWERED.ordinal()] = flag(answered);
            candidates.add(new Scored(c, f, byAddressee));
        }
        var g = new double[Mention.values().length];
        g[Mention.BIAS.ordinal()] = 1;
        g[Mention.AUTHOR_SPOKE.ordinal()] = flag(authorSpoke);
        g[Mention.AUTHOR_ADDRESSED.ordinal()] = flag(authorAddressed);
        g[Mention.QUESTION.ordinal()] = flag(trigger.text().indexOf('?') >= 0);
        g[Mention.WORDS.ordinal()] = Math.log1p(words(trigger.text()));
        g[Mention.BEST_SIMILARITY.ordinal()] = bestSimilarity;
        return new Of(List.copyOf(candidates), g, !addressees.isEmpty());
    }

    /** The same, over a query's window (its lookback's latest messages). */
    public static Of of(ContextQuery q, List<ChatMessage> recent, Participants participants, Set<String> excluded) {
        Map<String, ChatMessage> byProviderId = q.byProviderId();
        return of(q.trigger(), recent, participants, id -> Optional.ofNullable(byProviderId.get(id)), q.similarity(),
                excluded);
    }

    private static int words(String text) {
        int n = 0;
        boolean in = false;
        for (int i = 0; i < text.length(); i++) {
            boolean letter = !Character.isWhitespace(text.charAt(i));
            if (letter && !in) n++;
            in = letter;
        }
        return n;
    }

    private static double flag(boolean b) {
        return b ? 1 : 0;
    }
}
