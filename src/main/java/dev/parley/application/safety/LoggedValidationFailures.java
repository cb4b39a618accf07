package dev.parley.application.safety;

import dev.parley.application.RedactedThrowable;
import dev.parley.domain.safety.ValidationFailureListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs a validator failure once, by trace id, with the exception's stack but never its message (it may quote text). */
public final class LoggedValidationFailures implements ValidationFailureListener {
    private static final Logger LOG = LoggerFactory.getLogger(LoggedValidationFailures.class);

    @Override
    public void failed(String traceId, RuntimeException failure) {
        LOG.error("safety validator failed, trace={}: fail-safe decision", traceId, RedactedThrowable.of(failure));
    }
}
