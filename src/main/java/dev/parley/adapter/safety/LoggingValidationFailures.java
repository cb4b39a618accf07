package dev.parley.adapter.safety;

import dev.parley.application.RedactedThrowable;
import dev.parley.domain.safety.ValidationFailureListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs a validator failure once, with its stack trace, redacted ({@link RedactedThrowable}: classes and frames,
 * never messages), under the trace id. Never the content, the sender or the recipient.
 */
public final class LoggingValidationFailures implements ValidationFailureListener {
    private static final Logger LOG = LoggerFactory.getLogger(LoggingValidationFailures.class);

    @Override
    public void failed(String traceId, RuntimeException failure) {
        LOG.error("safety validator failed on trace {}: answered fail-safe", traceId, RedactedThrowable.of(failure));
    }
}
