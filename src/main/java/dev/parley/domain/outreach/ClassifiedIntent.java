package dev.parley.domain.outreach;

import java.util.Objects;

/**
 * A classifier's verdict.
 *
 * @param reason short explanation for logs and the operator, e.g. {@code matched STOP cue 'unsubscribe'}
 */
public record ClassifiedIntent(Intent intent, String reason) {

    public ClassifiedIntent {
        Objects.requireNonNull(intent, "intent");
        Objects.requireNonNull(reason, "reason");
    }
}
