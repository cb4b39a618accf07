package dev.parley.application.console;

import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Port to the replay engine (implemented on the replay branch): re-runs a recorded conversation through today's
 * policy. Called on a background thread; must poll {@code cancelled} between events and report progress.
 */
public interface ReplayRunner {

    /** What to replay: a replay file, or a stored conversation. */
    sealed interface Source {
        record File(Path path) implements Source { }

        record Conversation(long conversationId) implements Source { }
    }

    /** Progress after each event: {@code done} of {@code total}. */
    interface Progress {
        void update(long done, long total);
    }

    /** One transcript line; {@code stored} is what happened originally (null when unknown). */
    record Line(String at, String kind, String text, String stored) {
        public boolean differs() {
            return stored != null && !stored.equals(text);
        }
    }

    /** The replay's transcript; {@code cancelled} when it stopped early. */
    record Result(List<Line> transcript, boolean cancelled) {
    }

    Result run(Source source, Progress progress, BooleanSupplier cancelled) throws Exception;

    /** Until the replay engine is installed. */
    ReplayRunner UNAVAILABLE = (source, progress, cancelled) -> {
        throw new UnsupportedOperationException("the replay engine is not installed in this build");
    };
}
