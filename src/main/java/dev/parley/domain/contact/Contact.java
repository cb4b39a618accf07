package dev.parley.domain.contact;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * A person or account on one channel, with the status that decides whether we may message them.
 *
 * @param timeZone the contact's own time zone as an operator set it (null when none is known): the safety validator's
 *                 quiet hours use it before anything guessed from the address
 */
public record Contact(long id, String channel, String address, String displayName,
                      ContactStatus status, Instant statusSince, String statusReason, String statusBy,
                      ZoneId timeZone) {

    /** {@link #timeZone()} when set. */
    public Optional<ZoneId> zone() {
        return Optional.ofNullable(timeZone);
    }
}
