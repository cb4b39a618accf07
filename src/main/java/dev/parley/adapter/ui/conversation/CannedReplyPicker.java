package dev.parley.adapter.ui.conversation;

import dev.parley.adapter.ui.context.ConsoleContext;
import dev.parley.application.console.CannedReplies;
import dev.parley.application.console.ReplyTemplate;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The composer's canned replies: while the operator types {@code /name} at the end of the draft, the templates whose
 * name starts so are suggested; inserting one fills it for this conversation.
 */
final class CannedReplyPicker {
    private final ConsoleContext context;
    private final long conversationId;
    private final Supplier<String> operator;
    private final StringProperty draft;
    private final StringProperty status;
    private final ObservableList<String> suggestions = FXCollections.observableArrayList();
    private List<ReplyTemplate> templates = List.of();
    private CannedReplies.Facts facts = new CannedReplies.Facts(null, null);

    CannedReplyPicker(ConsoleContext context, long conversationId, Supplier<String> operator, StringProperty draft,
                      StringProperty status) {
        this.context = context;
        this.conversationId = conversationId;
        this.operator = operator;
        this.draft = draft;
        this.status = status;
    }

    ObservableList<String> suggestions() {
        return suggestions;
    }

    /** Loads the templates and this conversation's facts off the FX thread (none when canned replies are off). */
    void load() {
        var replies = context.cannedReplies();
        if (replies != null) {
            context.executor().submit(p -> Map.entry(replies.list(), replies.facts(conversationId)), r -> {
                templates = r.getKey();
                facts = r.getValue();
                update();
            }, e -> status.set("Canned replies unavailable: " + e.getMessage()));
        }
    }

    /** The {@code /name} being typed at the end of the draft, without the slash; null when there is none. */
    static String slashWord(String text) {
        if (text == null || text.isEmpty()) return null;
        int start = Math.max(text.lastIndexOf(' '), text.lastIndexOf('\n')) + 1;
        var word = text.substring(start);
        return word.startsWith("/") && word.substring(1).matches("[a-z0-9_-]*") ? word.substring(1) : null;
    }

    /** The suggestions for the draft as it is now. */
    void update() {
        var word = slashWord(draft.get());
        suggestions.setAll(word == null ? List.of() : templates.stream().map(ReplyTemplate::name)
                .filter(n -> n.startsWith(word)).toList());
    }

    /** See {@link ConversationViewModel#insertTemplate}. */
    boolean insert(String name) {
        var template = templates.stream().filter(t -> t.name().equals(name)).findFirst();
        var word = slashWord(draft.get());
        if (template.isEmpty() || word == null) return false;
        var filled = CannedReplies.fill(template.get(), facts, operator.get());
        var text = draft.get();
        draft.set(text.substring(0, text.length() - word.length() - 1) + filled.text());
        status.set(filled.missing().isEmpty() ? "Inserted /" + name
                : "Inserted /" + name + ": write in " + String.join(", ", filled.missing()) + " before sending");
        return true;
    }

    boolean insertFirst() {
        return !suggestions.isEmpty() && insert(suggestions.getFirst());
    }
}
