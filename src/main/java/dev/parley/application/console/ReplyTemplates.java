package dev.parley.application.console;

import java.util.List;

/** Port: where canned replies are kept ({@code $PARLEY_HOME/replies/}, one file each). */
public interface ReplyTemplates {
    /** Every template, by name. */
    List<ReplyTemplate> list();

    /** Creates or replaces the template of that name. */
    void save(ReplyTemplate template);

    /** Removes the template; false when there was none. */
    boolean delete(String name);

    /** Files that are not usable templates (a bad name, an unknown variable), each with why; they are not offered. */
    default List<String> problems() {
        return List.of();
    }
}
