package dev.parley.adapter.cli.context;

import dev.parley.domain.chimein.ChatMessage;
import dev.parley.domain.chimein.Participants;
import dev.parley.domain.chimein.context.ContextQuery;
import dev.parley.domain.chimein.context.ContextSelection;
import dev.parley.domain.chimein.context.ContextStrategy;
import dev.parley.domain.chimein.context.SelectedMessage;
import dev.parley.domain.chimein.context.SelectionReason;
import java.util.List;

/**
 * The dataset's two simple rules, scored by {@code parley eval context --baselines} in the same run and on the same
 * mentions as the real strategies, so their figures can be read as ratios: the message just before the mention, and
 * the last message of the nick the mention addresses (else the message before). Evaluation only: the playbook never
 * uses them.
 */
public final class BaselineStrategies {
    public static final String PREVIOUS = "baseline-previous";
    public static final String ADDRESSEE = "baseline-addressee";

    private BaselineStrategies() {
    }

    public static List<ContextStrategy> all(int lookback) {
        return List.of(new Previous(lookback), new Addressee(lookback));
    }

    private static ContextSelection one(String name, ChatMessage m) {
        return new ContextSelection(name, m == null ? List.of()
                : List.of(new SelectedMessage(m, List.of(SelectionReason.of(SelectionReason.Kind.RECENT)))));
    }

    private static ChatMessage last(List<ChatMessage> messages) {
        return messages.isEmpty() ? null : messages.getLast();
    }

    /** The message just before the mention. */
    private record Previous(int lookback) implements ContextStrategy {
        @Override
        public String name() {
            return PREVIOUS;
        }

        @Override
        public ContextSelection select(ContextQuery query) {
            return one(PREVIOUS, last(query.recent()));
        }
    }

    /**
     * The latest message within the lookback of the first nick the mention addresses who spoke there, else the message
     * before the mention.
     */
    private record Addressee(int lookback) implements ContextStrategy {
        @Override
        public String name() {
            return ADDRESSEE;
        }

        @Override
        public ContextSelection select(ContextQuery query) {
            var recent = query.recent();
            var addressed = Participants.of(recent, null).addressedBy(query.trigger(), null);
            for (var who : addressed) {
                for (int i = recent.size() - 1; i >= 0; i--) {
                    if (recent.get(i).sender().equals(who)) return one(ADDRESSEE, recent.get(i));
                }
            }
            return one(ADDRESSEE, last(recent));
        }
    }
}
