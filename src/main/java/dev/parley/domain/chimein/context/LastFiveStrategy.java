package dev.parley.domain.chimein.context;

import java.util.List;

/** The old behaviour, for comparison: the five messages before the mention, whatever they are. */
public final class LastFiveStrategy implements ContextStrategy {
    public static final String NAME = "last5";
    private static final int COUNT = 5;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int lookback() {
        return COUNT;
    }

    @Override
    public ContextSelection select(ContextQuery query) {
        var recent = query.recent();
        var last = recent.subList(Math.max(0, recent.size() - COUNT), recent.size());
        return new ContextSelection(NAME, last.stream()
                .map(m -> new SelectedMessage(m, List.of(SelectionReason.of(SelectionReason.Kind.RECENT)))).toList());
    }
}
