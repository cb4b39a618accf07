package dev.parley.application.playbook.assistant;

import java.util.List;

/**
 * Port: the team's documents the assistant may quote (seed 001 step 6, "document snippet section"): text files in
 * {@code $PARLEY_HOME/knowledge/}, split into passages.
 */
public interface DocumentLibrary {
    DocumentLibrary NONE = (keywords, limit) -> List.of();

    /** The passages that share the most keywords with the question, best first; none when nothing matches. */
    List<String> snippets(List<String> keywords, int limit);
}
