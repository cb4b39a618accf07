package dev.parley.adapter.ui.shell;

import dev.parley.application.console.QueueKind;

/** The navigation entries of the main window. */
public enum Section {
    HUMAN_REVIEW(QueueKind.HUMAN_REVIEW, "Human review"),
    ESCALATIONS(QueueKind.ESCALATIONS, "Escalations"),
    HELD(QueueKind.HELD, "Held & filtered"),
    ALL(QueueKind.ALL, "All conversations"),
    FAILED(QueueKind.FAILED, "Failed"),
    OPPORTUNITIES(QueueKind.OPPORTUNITIES, "Opportunities"),
    REPLAY(null, "Replay"),
    DASHBOARD(null, "Dashboard"),
    SETTINGS(null, "Settings"),
    CATALOGUE(null, "Catalogue");

    private final QueueKind queue;
    private final String title;

    Section(QueueKind queue, String title) {
        this.queue = queue;
        this.title = title;
    }

    /** The queue this section shows, or null for the non-queue views. */
    public QueueKind queue() {
        return queue;
    }

    /** A section counted like its queue but shown by a view of its own (escalation threads, not alert rows). */
    public boolean ownView() {
        return this == ESCALATIONS || queue == null;
    }

    public String title() {
        return title;
    }
}
