package dev.parley.adapter.ui.common;

import javafx.beans.binding.BooleanExpression;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/** An action of a view-model; buttons bind {@code disable} to {@code executable().not()}. */
public final class Command {
    private final Runnable action;
    private final SimpleBooleanProperty executable = new SimpleBooleanProperty(true);

    public Command(Runnable action) {
        this.action = action;
    }

    public Command(Runnable action, BooleanExpression when) {
        this(action);
        executable.bind(when);
    }

    public ReadOnlyBooleanProperty executable() {
        return executable;
    }

    /** Runs the action if it is executable; returns whether it ran. */
    public boolean execute() {
        if (!executable.get()) return false;
        action.run();
        return true;
    }
}
