package dev.parley.domain.fsm;

/**
 * A named condition on a transition row, registered in code and referenced by name from the
 * playbook file. Must be pure: the same context gives the same answer.
 *
 * @param <C> caller-supplied context (e.g. the classified intent of the latest message)
 */
@FunctionalInterface
public interface Guard<C> {

    boolean test(C context);
}
