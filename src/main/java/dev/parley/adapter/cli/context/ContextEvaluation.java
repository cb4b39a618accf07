package dev.parley.adapter.cli.context;

import dev.parley.application.chimein.training.ContextTrainer;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.Participants;
import dev.parley.domain.chimein.context.ContextQuery;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.Similarity;
import dev.parley.domain.embedding.Embedding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Scores context strategies on annotated IRC logs. Annotated messages stand for mentions of the bot: by default
 * ({@link Population#ADDRESSED}) those that address someone ({@code nick:}, {@code nick,}, {@code @nick}, for a nick
 * that spoke earlier in the log), whose nick plays the bot; {@link Population#UNADDRESSED} the others (a call to a
 * bot that names nobody); {@link Population#ALL} both (the data README's baselines are over all of them). Each
 * strategy selects context for it from the messages before it; the selection is compared with the gold links:
 * precision and recall of the direct parents (micro-averaged: summed over all mentions), and recall of the earlier
 * messages of the gold conversation (with {@code conversation}: also its precision, and its recall among the
 * messages of the window).
 */
public final class ContextEvaluation {
    /** Nobody in an IRC log: the addressed nick stands for the bot, so the bot itself never speaks. */
    private static final BotIdentity NO_BOT = new BotIdentity("\u0000no-bot", java.util.Set.of());

    /** Which annotated messages stand for mentions. */
    public enum Population {
        /** Messages that address someone who spoke earlier in the log (the default). */
        ADDRESSED,
        /** Messages that address nobody who spoke: a call to the bot that names no one. */
        UNADDRESSED,
        /** Every annotated message (not system lines or bots' notices). */
        ALL;

        public boolean takes(boolean addressesSomeone) {
            return this == ALL || (this == ADDRESSED) == addressesSomeone;
        }
    }

    /** One mention and what is known about it. */
    public record Mention(AnnotatedLog log, ChatMessage trigger, List<ChatMessage> before) {
        /** Ids of its gold direct parents. */
        public Set<Long> parents() {
            return ids(log.parentsOf((int) trigger.id()));
        }

        /** Ids of the earlier messages of its gold conversation. */
        public Set<Long> conversation() {
            return ids(log.earlierInConversation((int) trigger.id()));
        }

        private static Set<Long> ids(Set<Integer> lines) {
            var out = new java.util.TreeSet<Long>();
            for (int line : lines) out.add((long) line);
            return out;
        }
    }

    /**
     * Figures of one strategy, as printed.
     *
     * @param conversationPrecision  selected messages in the gold conversation, of all selected
     * @param windowConversationRecall selected messages in the gold conversation, of its messages in the window
     */
    public record Figures(String strategy, int messages, double precision, double recall, double f1,
                          double conversationRecall, double conversationPrecision, double windowConversationRecall) {

        public double conversationF1() {
            double p = conversationPrecision;
            double r = windowConversationRecall;
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        public Map<String, Object> asJson() {
            return asJson(false);
        }

        /** The documented keys; with {@code conversation}, then the conversation's precision, window recall, F1. */
        public Map<String, Object> asJson(boolean conversation) {
            var m = new LinkedHashMap<String, Object>();
            m.put("strategy", strategy);
            m.put("messages", messages);
            m.put("precision", round(precision));
            m.put("recall", round(recall));
            m.put("f1", round(f1));
            m.put("conversation_recall", round(conversationRecall));
            if (conversation) {
                m.put("conversation_precision", round(conversationPrecision));
                m.put("window_conversation_recall", round(windowConversationRecall));
                m.put("conversation_f1", round(conversationF1()));
            }
            return m;
        }
    }

    private final List<Mention> mentions;

    private ContextEvaluation(List<Mention> mentions) {
        this.mentions = mentions;
    }

    /** Finds the addressed mentions of {@code logs}; each keeps the {@code lookback} messages before it. */
    public static ContextEvaluation of(List<AnnotatedLog> logs, int lookback) {
        return of(logs, lookback, Population.ADDRESSED);
    }

    /** Finds the mentions of {@code logs} of one population; each keeps the {@code lookback} messages before it. */
    public static ContextEvaluation of(List<AnnotatedLog> logs, int lookback, Population population) {
        var mentions = new ArrayList<Mention>();
        for (var log : logs) {
            var messages = new ArrayList<ChatMessage>();
            var known = Participants.of(List.of(), NO_BOT);
            for (var line : log.lines()) {
                if (!line.spoken()) continue;
                var message = new ChatMessage(line.index(), Integer.toString(line.index()), line.author(), null,
                        null, line.text(), line.at(), null, null, line.kind() == IrcLine.Kind.NOTICE, List.of());
                if (log.annotated().contains(line.index()) && line.kind() != IrcLine.Kind.NOTICE
                        && population.takes(known.addressesSomeone(message))) {
                    var before = messages.subList(Math.max(0, messages.size() - lookback), messages.size());
                    mentions.add(new Mention(log, message, List.copyOf(before)));
                }
                messages.add(message);
                known.add(message);
            }
        }
        return new ContextEvaluation(mentions);
    }

    public List<Mention> mentions() {
        return mentions;
    }

    /** The distinct texts a similarity-using strategy needs embedded (mentions and the messages before them). */
    public List<String> textsToEmbed() {
        var seen = new HashSet<String>();
        var out = new ArrayList<String>();
        for (var m : mentions) {
            if (seen.add(m.trigger().text())) out.add(m.trigger().text());
            for (var b : m.before()) if (seen.add(b.text())) out.add(b.text());
        }
        return out;
    }

    /** Runs {@code strategy} over every mention; {@code embedder} may be null (no similarity). */
    public Figures run(ContextStrategy strategy, TextEmbedder embedder, Consumer<Mention> progress) {
        long truePositives = 0;
        long selectedCount = 0;
        long goldCount = 0;
        long conversationFound = 0;
        long conversationCount = 0;
        long conversationInWindow = 0;
        for (var mention : mentions) {
            var similarity = embedder == null ? Similarity.none() : similarity(mention, embedder);
            var selection = strategy.select(query(mention, strategy.lookback(), similarity));
            int id = (int) mention.trigger().id();
            var gold = mention.log().parentsOf(id);
            var conversation = mention.log().earlierInConversation(id);
            for (var s : selection.selected()) {
                int selected = (int) s.message().id();
                if (gold.contains(selected)) truePositives++;
                if (conversation.contains(selected)) conversationFound++;
            }
            for (var b : mention.before()) if (conversation.contains((int) b.id())) conversationInWindow++;
            selectedCount += selection.selected().size();
            goldCount += gold.size();
            conversationCount += conversation.size();
            if (progress != null) progress.accept(mention);
        }
        double precision = selectedCount == 0 ? 0 : (double) truePositives / selectedCount;
        double recall = goldCount == 0 ? 0 : (double) truePositives / goldCount;
        double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
        double conversationRecall = conversationCount == 0 ? 0 : (double) conversationFound / conversationCount;
        double conversationPrecision = selectedCount == 0 ? 0 : (double) conversationFound / selectedCount;
        double windowRecall = conversationInWindow == 0 ? 0 : (double) conversationFound / conversationInWindow;
        return new Figures(strategy.name(), mentions.size(), precision, recall, f1, conversationRecall,
                conversationPrecision, windowRecall);
    }

    /** What a strategy with {@code lookback} sees of {@code mention}: no anchor (IRC has no reply links). */
    static ContextQuery query(Mention mention, int lookback, Similarity similarity) {
        var before = mention.before();
        var recent = before.subList(Math.max(0, before.size() - lookback), before.size());
        return new ContextQuery(mention.trigger(), recent, Optional.empty(), List.of(), NO_BOT, similarity);
    }

    /** The mentions as the trainer reads them (the window of {@code lookback}, similarity from {@code embedder}). */
    public List<ContextTrainer.Mention> training(TextEmbedder embedder, int lookback) {
        var out = new ArrayList<ContextTrainer.Mention>(mentions.size());
        for (var m : mentions) {
            out.add(new ContextTrainer.Mention(query(m, lookback, similarity(m, embedder)), m.parents(),
                    m.conversation()));
        }
        return out;
    }

    private static Similarity similarity(Mention mention, TextEmbedder embedder) {
        var vectors = new HashMap<Long, Embedding>();
        vectors.put(mention.trigger().id(), embedder.embed(mention.trigger().text()));
        for (var b : mention.before()) vectors.put(b.id(), embedder.embed(b.text()));
        return Similarity.of(vectors);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
