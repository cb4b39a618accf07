package dev.parley.adapter.ui.shell;

import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleLongProperty;

/** One navigation entry with its live count (-1: no count). */
public final class NavItem {
    private final Section section;
    private final LongProperty count = new SimpleLongProperty(-1);

    public NavItem(Section section) {
        this.section = section;
    }

    public Section section() {
        return section;
    }

    public LongProperty count() {
        return count;
    }

    @Override
    public String toString() {
        return section.title() + (count.get() >= 0 ? "  " + count.get() : "");
    }
}
