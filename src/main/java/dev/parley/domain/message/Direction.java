package dev.parley.domain.message;

/** Which way a message travelled. */
public enum Direction { IN, OUT }
