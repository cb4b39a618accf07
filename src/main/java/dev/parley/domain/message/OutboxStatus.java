package dev.parley.domain.message;

/** Lifecycle of an outgoing message. HELD and DENIED rows stay visible with their reason. */
public enum OutboxStatus { PENDING, SENT, HELD, DENIED, FAILED }
