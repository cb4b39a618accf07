package dev.parley.domain.contact;

import java.time.Instant;

/** A person or account on one channel, with the status that decides whether we may message them. */
public record Contact(long id, String channel, String address, String displayName,
                      ContactStatus status, Instant statusSince, String statusReason, String statusBy) {
}
