package dev.parley.domain.assistant;

import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The offline model's {@code plan} answer: the built-in tools a question plainly asks for (the time, a recap, open
 * tasks, a search of earlier messages), among those the profile allows, then {@code FINAL_RESPONSE}; an analysis step
 * first when there is retrieved context to weigh.
 */
public final class OfflinePlanner {
    private static final Pattern TIME = Pattern.compile("\\b(what(?:'s| is)? the time|what time|time is it|current time"
            + "|what(?:'s| is)? the date|today's date|what day|which day|date today)\\b");
    private static final Pattern SUMMARY = Pattern.compile("\\b(summar\\w*|recap|sum up|so far|catch me up)\\b");
    private static final Pattern TASKS = Pattern.compile("\\b(open tasks?|to-?dos?|my tasks|pending tasks?|what's pending"
            + "|what is pending|outstanding)\\b");
    private static final Pattern SEARCH = Pattern.compile("\\b(search|find|look up|look for)\\b.*\\b(messages?|said|wrote"
            + "|sent|mentioned)\\b");

    private OfflinePlanner() {
    }

    public static Plan plan(String text, Set<String> allowedTools, boolean hasContext) {
        var lower = text == null ? "" : text.toLowerCase(Locale.ROOT).replace('\u2019', '\'');
        var steps = new ArrayList<PlanStep>();
        if (hasContext) steps.add(PlanStep.analyze("the conversation memory and document snippets"));
        if (TIME.matcher(lower).find() && allowedTools.contains("get_time")) {
            steps.add(PlanStep.tool("get_time", Map.of()));
        }
        if (SUMMARY.matcher(lower).find() && allowedTools.contains("summarize_conversation")) {
            steps.add(PlanStep.tool("summarize_conversation", Map.of()));
        }
        if (TASKS.matcher(lower).find() && allowedTools.contains("list_open_tasks")) {
            steps.add(PlanStep.tool("list_open_tasks", Map.of()));
        }
        if (SEARCH.matcher(lower).find() && allowedTools.contains("search_messages")) {
            steps.add(PlanStep.tool("search_messages", Map.of("query", String.join(" ", Keywords.of(lower, 6)))));
        }
        steps.add(PlanStep.finalResponse());
        return Plan.of(steps);
    }
}
