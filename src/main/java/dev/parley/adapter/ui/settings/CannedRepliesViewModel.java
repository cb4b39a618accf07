package dev.parley.adapter.ui.settings;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.CannedReplies;
import dev.parley.application.console.ReplyTemplate;
import dev.parley.application.operator.InvalidRequestException;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The canned replies editor in Settings: the templates of {@code $PARLEY_HOME/replies/}, one edited at a time
 * (name and text, checked before saving: a name the composer can type, only known variables), new and delete.
 */
public final class CannedRepliesViewModel {
    private final CannedReplies replies;
    private final TaskExecutor executor;
    private final ObservableList<String> names = FXCollections.observableArrayList();
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty text = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");

    public CannedRepliesViewModel(CannedReplies replies, TaskExecutor executor) {
        this.replies = replies;
        this.executor = executor;
    }

    public ObservableList<String> names() { return names; }
    public ObservableList<String> problems() { return problems; }
    public StringProperty name() { return name; }
    public StringProperty text() { return text; }
    public StringProperty status() { return status; }

    /** The variables a template may use, for the editor's help line. */
    public String variablesHelp() {
        return "Variables: " + String.join(", ", ReplyTemplate.VARIABLES) + ". In a conversation, type / and the "
                + "name, then Tab.";
    }

    public void load() {
        executor.submit(p -> java.util.Map.entry(replies.list(), replies.problems()), r -> {
            names.setAll(r.getKey().stream().map(ReplyTemplate::name).toList());
            problems.setAll(r.getValue());
        }, e -> status.set("Could not read the replies: " + e.getMessage()));
    }

    /** Shows the template {@code selected} in the editor. */
    public void select(String selected) {
        if (selected == null) return;
        executor.submit(p -> replies.list().stream().filter(t -> t.name().equals(selected)).findFirst(), t -> t
                .ifPresent(found -> {
                    name.set(found.name());
                    text.set(found.text());
                    status.set("");
                }), e -> status.set(e.getMessage()));
    }

    public void startNew() {
        name.set("");
        text.set("Hi {contact_name}, … — {operator_name}");
        status.set("Name the reply and write its text, then save.");
    }

    public void save() {
        ReplyTemplate template;
        try {
            template = new ReplyTemplate(name.get() == null ? "" : name.get().strip(), text.get());
        } catch (InvalidRequestException e) {
            status.set("Not saved: " + e.getMessage());
            return;
        }
        executor.submit(p -> {
            replies.save(template);
            return null;
        }, ok -> {
            status.set("Saved /" + template.name() + ".");
            load();
        }, e -> status.set("Not saved: " + e.getMessage()));
    }

    public void delete() {
        var current = name.get() == null ? "" : name.get().strip();
        if (current.isEmpty()) return;
        executor.submit(p -> replies.delete(current), deleted -> {
            status.set(deleted ? "Deleted /" + current + "." : "No reply named /" + current + ".");
            if (deleted) {
                name.set("");
                text.set("");
            }
            load();
        }, e -> status.set("Not deleted: " + e.getMessage()));
    }
}
