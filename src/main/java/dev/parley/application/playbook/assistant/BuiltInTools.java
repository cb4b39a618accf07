package dev.parley.application.playbook.assistant;

import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.model.ModelWait;
import dev.parley.application.operator.StartConversation;
import dev.parley.domain.assistant.Keywords;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The assistant's built-in tools: {@code recall_conversation}, {@code search_messages}, {@code get_time},
 * {@code list_open_tasks}, {@code summarize_conversation}. Each reads only the conversation it serves (search: the
 * same contact's conversations on every channel) and returns redacted text.
 */
public final class BuiltInTools {
    public static final String RECALL_CONVERSATION = "recall_conversation";
    public static final String SEARCH_MESSAGES = "search_messages";
    public static final String GET_TIME = "get_time";
    public static final String LIST_OPEN_TASKS = "list_open_tasks";
    public static final String SUMMARIZE_CONVERSATION = "summarize_conversation";
    static final int RECALL_LIMIT = 5;

    private BuiltInTools() {
    }

    public static List<AssistantTool> all() {
        return List.of(new Recall(), new Search(), new Time(), new OpenTasks(), new Summary());
    }

    /** Seed 001 step 4: keyword recall within optional time bounds, in this conversation. */
    static final class Recall implements AssistantTool {
        public String name() { return RECALL_CONVERSATION; }

        public String description() { return "earlier messages of this conversation with these keywords"; }

        public String argumentsExample() {
            return "{\"keywords\":[\"order\",\"refund\"],\"from\":\"2026-03-01T00:00:00Z\",\"to\":null}";
        }

        public Outcome run(Map<String, Object> args, ToolContext c) {
            var keywords = strings(args.get("keywords"));
            if (keywords.isEmpty()) return Outcome.failed("no keywords");
            var messages = c.session().visibleMessages();
            var lines = ConversationSearch.find(messages, keywords, instant(args.get("from")), instant(args.get("to")),
                    c.currentMessageId(), RECALL_LIMIT, c.redactor(), c.zone(), similarity(c, keywords));
            return lines.isEmpty() ? Outcome.noResults("nothing earlier in this conversation mentions "
                    + String.join(", ", keywords)) : Outcome.ok(String.join("\n", lines));
        }
    }

    /** Keyword search over every message of this contact (the same address on any channel). */
    static final class Search implements AssistantTool {
        public String name() { return SEARCH_MESSAGES; }

        public String description() { return "search all of this contact's messages"; }

        public String argumentsExample() { return "{\"query\":\"delivery address\",\"limit\":5}"; }

        public Outcome run(Map<String, Object> args, ToolContext c) {
            var keywords = Keywords.of(String.valueOf(args.getOrDefault("query", "")), 8);
            if (keywords.isEmpty()) return Outcome.failed("no query");
            int limit = args.get("limit") instanceof Number n ? Math.max(1, Math.min(10, n.intValue())) : 5;
            var reads = c.session().reads();
            var key = c.session().conversation().key();
            var messages = new ArrayList<Message>();
            StartConversation.CHANNELS.stream().sorted()
                    .map(channel -> reads.conversationByKey(channel, key)).flatMap(Optional::stream)
                    .forEach(conv -> messages.addAll(reads.messages(conv.id()).stream()
                            .filter(m -> !dev.parley.domain.message.InboundHold.hides(m.status())).toList()));
            var lines = ConversationSearch.find(messages, keywords, Optional.empty(), Optional.empty(),
                    c.currentMessageId(), limit, c.redactor(), c.zone());
            return lines.isEmpty() ? Outcome.noResults("no earlier message mentions " + String.join(", ", keywords))
                    : Outcome.ok("Earlier messages mentioning " + String.join(", ", keywords) + ":\n"
                    + String.join("\n", lines));
        }
    }

    static final class Time implements AssistantTool {
        private static final DateTimeFormatter FORMAT =
                DateTimeFormatter.ofPattern("HH:mm 'on' EEEE, d MMMM yyyy", Locale.ENGLISH);

        public String name() { return GET_TIME; }

        public String description() { return "the current date and time"; }

        public String argumentsExample() { return "{}"; }

        public Outcome run(Map<String, Object> args, ToolContext c) {
            var now = c.session().now().atZone(c.zone());
            return Outcome.ok("It is " + FORMAT.format(now) + " (" + c.zone().getId() + ").");
        }
    }

    static final class OpenTasks implements AssistantTool {
        public String name() { return LIST_OPEN_TASKS; }

        public String description() { return "the open to-do tasks of this conversation"; }

        public String argumentsExample() { return "{}"; }

        public Outcome run(Map<String, Object> args, ToolContext c) {
            var open = c.session().tasks().stream()
                    .filter(t -> "OPEN".equals(t.status())).toList();
            if (open.isEmpty()) return Outcome.noResults("There are no open tasks for this conversation.");
            var lines = new ArrayList<String>();
            lines.add("Open tasks (" + open.size() + "):");
            open.forEach(t -> lines.add("- " + c.redactor().redact(t.text()).text()));
            return Outcome.ok(String.join("\n", lines));
        }
    }

    /** A recap of the conversation so far: the model's (task {@code summarize}) or, offline, an extractive one. */
    static final class Summary implements AssistantTool {
        private static final int MESSAGES = 30;

        public String name() { return SUMMARIZE_CONVERSATION; }

        public String description() { return "a short recap of this conversation so far"; }

        public String argumentsExample() { return "{}"; }

        public Outcome run(Map<String, Object> args, ToolContext c) {
            var all = c.session().visibleMessages().stream()
                    .filter(m -> m.id() != c.currentMessageId()).toList();
            if (all.isEmpty()) return Outcome.noResults("This is the first message of our conversation.");
            var recent = all.subList(Math.max(0, all.size() - MESSAGES), all.size());
            var transcript = new StringBuilder();
            for (var m : recent) {
                transcript.append(m.direction() == Direction.IN ? "user: " : "assistant: ")
                        .append(c.redactor().redact(m.text()).text().replaceAll("\\s+", " ")).append('\n');
            }
            var offline = offlineSummary(all, c);
            var request = ModelRequest.of("summarize", List.of(ChatMessage.system("Summarise this conversation for the "
                            + "user in at most three short sentences. Plain text, no tool calls."),
                    ChatMessage.user(transcript.toString())), () -> offline).withMaxTokens(200);
            var answer = c.model().ask(request);
            return Outcome.ok(answer.isBlank() ? offline : answer.content().strip());
        }

        private static String offlineSummary(List<Message> messages, ToolContext c) {
            long fromUser = messages.stream().filter(m -> m.direction() == Direction.IN).count();
            var first = messages.stream().map(ConversationSearch::at).filter(java.util.Objects::nonNull)
                    .min(Instant::compareTo);
            var topics = Keywords.of(messages.stream().filter(m -> m.direction() == Direction.IN)
                    .map(m -> c.redactor().redact(m.text()).text()).reduce("", (a, b) -> a + " " + b), 5);
            var open = c.session().tasks().stream()
                    .filter(t -> "OPEN".equals(t.status())).count();
            return "So far: " + messages.size() + " messages (" + fromUser + " from you)"
                    + first.map(f -> " since " + DateTimeFormatter.ofPattern("d MMMM", Locale.ENGLISH)
                    .format(f.atZone(c.zone()))).orElse("") + (topics.isEmpty() ? "" : "; topics: "
                    + String.join(", ", topics)) + "; " + open + " open task" + (open == 1 ? "" : "s") + ".";
        }
    }

    /**
     * Semantic similarity over the stored message embeddings (each message embedded once and kept); when embedding
     * fails the search goes on with keywords alone, and the timeline says so.
     */
    private static ConversationSearch.Similarity similarity(ToolContext c, List<String> keywords) {
        if (c.embeddings() == null) return ConversationSearch.Similarity.NONE;
        return messages -> {
            try {
                // The keywords, not the whole question: "what did I say before about…" only adds noise.
                var question = ModelWait.inEmbeddingModel(() -> c.embeddings().embed(c.session(), String.join(" ", keywords)));
                var texts = new java.util.LinkedHashMap<Long, String>();
                messages.forEach(m -> texts.put(m.id(), m.text()));
                var vectors = ModelWait.inEmbeddingModel(() -> c.embeddings().of(c.session(), texts));
                var scores = new java.util.HashMap<Long, Double>();
                vectors.forEach((id, v) -> scores.put(id, v.cosine(question)));
                return scores;
            } catch (RuntimeException e) {
                c.session().record("assistant_embedding_failed", Map.of("error", e.getClass().getSimpleName()));
                return Map.of();
            }
        };
    }

    static List<String> strings(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().filter(v -> v != null && !v.toString().isBlank()).map(v -> v.toString().strip())
                    .toList();
        }
        if (value instanceof String s && !s.isBlank()) return Keywords.of(s, 8);
        return List.of();
    }

    static Optional<Instant> instant(Object value) {
        if (!(value instanceof String s) || s.isBlank()) return Optional.empty();
        try {
            return Optional.of(Instant.parse(s.strip()));
        } catch (DateTimeParseException e) {
            try {
                return Optional.of(java.time.LocalDate.parse(s.strip()).atStartOfDay(java.time.ZoneOffset.UTC)
                        .toInstant());
            } catch (DateTimeParseException notADate) {
                return Optional.empty();
            }
        }
    }
}
