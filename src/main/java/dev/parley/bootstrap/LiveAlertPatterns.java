package dev.parley.bootstrap;

import dev.parley.adapter.alerts.AlertPatternsFile;
import dev.parley.adapter.alerts.AlertPatternsFileException;
import dev.parley.domain.alert.CriticalAlertDetector;
import dev.parley.domain.alert.MatchingMode;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The alert patterns in use: {@code opt_out_phrases.json} of the home (else the built-in one), compiled at start and
 * again whenever the operator saves new ones in Settings, without a restart. A file that does not compile is
 * refused and the patterns in use stay.
 */
final class LiveAlertPatterns implements Supplier<CriticalAlertDetector> {
    private final Path home;
    private final AtomicReference<CriticalAlertDetector> current = new AtomicReference<>();

    LiveAlertPatterns(Path home) {
        this.home = home;
        reload();
    }

    /** Compiles the file again and uses it from the next message on. */
    void reload() {
        try {
            current.set(AlertPatternsFile.load(AlertPatternsFile.overrideIn(home)).detector(MatchingMode.PARLEY));
        } catch (AlertPatternsFileException e) {
            throw new ConfigException(AlertPatternsFile.FILE_NAME, e.getMessage());
        }
    }

    @Override
    public CriticalAlertDetector get() {
        return current.get();
    }
}
