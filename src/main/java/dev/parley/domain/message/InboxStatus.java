package dev.parley.domain.message;

/** Lifecycle of a raw receipt: stored on arrival, then processed once, or failed after retries. */
public enum InboxStatus { RECEIVED, PROCESSED, FAILED }
