package dev.parley.domain.fsm;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A playbook definition is invalid. The message names the file and the entry of every problem,
 * one per line, e.g. {@code outreach.json: transitions[4]: unknown state 'Foo'}.
 */
public final class PlaybookDefinitionException extends RuntimeException {

    private final transient List<DefinitionProblem> problems;

    public PlaybookDefinitionException(List<DefinitionProblem> problems) {
        super(problems.stream().map(DefinitionProblem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a definition exception needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    public PlaybookDefinitionException(String source, String entry, String message) {
        this(List.of(new DefinitionProblem(source, entry, message)));
    }

    /** All problems found, in file order. */
    public List<DefinitionProblem> problems() {
        return problems;
    }
}
