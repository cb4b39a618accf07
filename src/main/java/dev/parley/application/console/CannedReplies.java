package dev.parley.application.console;

import dev.parley.application.operator.NotFoundException;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.conversation.Conversation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Canned replies in the composer: the templates an operator can insert (by {@code /} + name) and their text filled
 * for one conversation. A variable without a value stays in the text, so the composer's checks refuse to send it
 * until the operator writes it in.
 */
public final class CannedReplies {
    /** Where a conversation's last property comes from: a playbook that talks about properties (buyer-sms) says. */
    public interface LastProperty {
        LastProperty NONE = (store, conversation) -> Optional.empty();

        /**
         * buyer-sms: the property of the listing the buyer is talking about (the focused one, else the only one
         * presented), as "name, address, city" from the catalogue; none while the buyer has several listings in front
         * of them or none (the operator then writes it in).
         */
        LastProperty BUYER_SMS = (store, conversation) -> store.buyerStates().find(conversation.id())
                .flatMap(state -> Optional.ofNullable(state.focusedListingId()).or(() ->
                        state.presentedListingIds().size() == 1 ? Optional.of(state.presentedListingIds().getFirst())
                                : Optional.empty()))
                .flatMap(listing -> store.catalog().entry(listing))
                .map(entry -> label(entry.property()));

        /** The property of {@code conversation}, read in the caller's transaction. */
        Optional<String> of(Store store, Conversation conversation);

        private static String label(Property property) {
            var parts = new ArrayList<String>();
            for (var part : List.of(property.name(), property.address(), property.city())) {
                if (part != null && !part.isBlank() && !parts.contains(part.strip())) parts.add(part.strip());
            }
            return String.join(", ", parts);
        }
    }

    /** A filled template: its text, and the variables that had no value (still in the text). */
    public record Filled(String name, String text, List<String> missing) {
    }

    private final ReplyTemplates templates;
    private final Transactions transactions;
    private final LastProperty lastProperty;

    public CannedReplies(ReplyTemplates templates, Transactions transactions, LastProperty lastProperty) {
        this.templates = templates;
        this.transactions = transactions;
        this.lastProperty = lastProperty;
    }

    public List<ReplyTemplate> list() {
        return templates.list();
    }

    /** The templates whose name starts with {@code prefix}, by name. */
    public List<ReplyTemplate> matching(String prefix) {
        var p = prefix == null ? "" : prefix.toLowerCase(java.util.Locale.ROOT);
        return templates.list().stream().filter(t -> t.name().startsWith(p)).toList();
    }

    public void save(ReplyTemplate template) {
        templates.save(template);
    }

    public boolean delete(String name) {
        return templates.delete(name);
    }

    /** Template files that could not be used, and why (shown in Settings). */
    public List<String> problems() {
        return templates.problems();
    }

    /** The facts a template can use for one conversation, read once when the conversation opens. */
    public record Facts(String contactName, String lastProperty) {
    }

    public Facts facts(long conversationId) {
        return transactions.inTransaction(s -> {
            var conversation = s.conversations().find(conversationId)
                    .orElseThrow(() -> new NotFoundException("conversation " + conversationId));
            var contact = s.contacts().find(conversation.contactId()).orElseThrow();
            var name = contact.displayName() == null || contact.displayName().isBlank() ? null
                    : contact.displayName().strip();
            return new Facts(name, lastProperty.of(s, conversation).orElse(null));
        });
    }

    /** Fills {@code template} with {@code facts} and the operator's name. */
    public static Filled fill(ReplyTemplate template, Facts facts, String operator) {
        var text = template.text();
        var missing = new ArrayList<String>();
        text = replace(text, ReplyTemplate.CONTACT_NAME, facts.contactName(), missing);
        text = replace(text, ReplyTemplate.LAST_PROPERTY, facts.lastProperty(), missing);
        text = replace(text, ReplyTemplate.OPERATOR_NAME, operator == null || operator.isBlank() ? null
                : operator.strip(), missing);
        return new Filled(template.name(), text, List.copyOf(missing));
    }

    private static String replace(String text, String variable, String value, List<String> missing) {
        if (!text.contains(variable)) return text;
        if (value == null) {
            missing.add(variable);
            return text;
        }
        return text.replace(variable, value);
    }
}
