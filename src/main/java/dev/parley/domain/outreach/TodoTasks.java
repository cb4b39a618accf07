package dev.parley.domain.outreach;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns an {@link Extraction} into research to-dos. Deterministic: events first (in reply
 * order), then document and photo requests, then people not covered by any event.
 */
public final class TodoTasks {

    private TodoTasks() {
    }

    public static List<TodoTask> from(Extraction extraction) {
        Set<TodoTask> tasks = new LinkedHashSet<>();
        Set<String> namesInEvents = new LinkedHashSet<>();
        for (LifeEvent event : extraction.events()) {
            tasks.add(forEvent(event));
            namesInEvents.addAll(event.names());
        }
        for (String document : extraction.documents()) {
            if (document.startsWith("census")) {
                continue; // a census is searched, not requested from the match
            }
            tasks.add(new TodoTask(TodoKind.DOCUMENT_REQUEST, extraction.copyOffered()
                    ? "Follow up on the offered copy of the " + document
                    : "Ask whether they could share a photo or scan of the " + document));
        }
        for (String photo : extraction.photos()) {
            tasks.add(new TodoTask(TodoKind.PHOTO_REQUEST, extraction.copyOffered()
                    ? "Follow up on the offered " + photo
                    : "Ask whether they could share a scan of the " + photo));
        }
        for (String name : extraction.names()) {
            if (!namesInEvents.contains(name)) {
                tasks.add(new TodoTask(TodoKind.TREE_UPDATE, "Add " + name + " to the research notes for this match"));
            }
        }
        return List.copyOf(new ArrayList<>(tasks));
    }

    /** "Look for the 1911 marriage of Mary O'Brien and John Walsh in Cork". */
    static TodoTask forEvent(LifeEvent event) {
        String who = event.names().isEmpty()
                ? event.relationship().map(r -> " of their " + r).orElse("")
                : " of " + joinNames(event.names());
        String year = event.year().map(y -> y + " ").orElse("");
        String where = event.place().map(p -> " " + event.placePreposition() + " " + p).orElse("");
        if (event.kind() == EventKind.CENSUS) {
            String whom = event.names().isEmpty() ? "" : " for " + joinNames(event.names());
            String at = event.place().map(p -> " in " + p).orElse("");
            return new TodoTask(TodoKind.CENSUS_SEARCH, "Search the " + year + "census" + whom + at);
        }
        return new TodoTask(TodoKind.RECORD_SEARCH, "Look for the " + year + event.kind().noun() + who + where);
    }

    private static String joinNames(List<String> names) {
        if (names.size() <= 2) {
            return String.join(" and ", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
    }
}
