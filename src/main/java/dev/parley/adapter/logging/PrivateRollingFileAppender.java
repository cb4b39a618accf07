package dev.parley.adapter.logging;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.rolling.RollingFileAppender;
import dev.parley.adapter.files.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Logback's rolling file appender, keeping the log private: its directory {@code 0700} before the first file is
 * created in it, and every file it opens (at start and at each rollover) {@code 0600}; rolled files are renamed, so
 * they keep that mode. Configured in logback.xml.
 */
public final class PrivateRollingFileAppender extends RollingFileAppender<ILoggingEvent> {

    @Override
    public void openFile(String fileName) throws IOException {
        var file = Path.of(fileName).toAbsolutePath();
        try {
            PrivateFiles.directory(file.getParent());
        } catch (IOException e) {
            addWarn("cannot make the log directory private: " + e.getClass().getSimpleName());
        }
        super.openFile(fileName);
        try {
            PrivateFiles.restrict(file);
        } catch (IOException e) {
            addWarn("cannot make the log file private: " + e.getClass().getSimpleName());
        }
    }
}
