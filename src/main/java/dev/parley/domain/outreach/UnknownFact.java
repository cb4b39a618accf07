package dev.parley.domain.outreach;

/** Something still unknown about a match that a follow-up question can ask for. */
public enum UnknownFact {
    /** A document or photo was mentioned but no copy offered. */
    DOCUMENT_COPY("follow_up_document_copy"),
    /** No ancestor's name yet. */
    ANCESTOR_NAMES("follow_up_ancestor_names"),
    /** No year or date yet. */
    YEAR("follow_up_year"),
    /** No place yet. */
    PLACE("follow_up_place");

    private final String template;

    UnknownFact(String template) {
        this.template = template;
    }

    /** Name of the question template in the outreach playbook. */
    public String template() {
        return template;
    }
}
