package dev.parley.adapter.cli;

/** The gold label of a message in an evaluation set, mapped onto what the alert detector cares about. */
enum MessageLabel {
    /** Must not raise a critical alert (UCI ham, Davidson class 2). */
    BENIGN,
    /** Should raise one (Davidson class 0, hate speech). */
    HOSTILE,
    /** Offensive language, neither clearly benign nor hostile (Davidson class 1); reported apart. */
    OFFENSIVE,
    /** UCI spam; reported apart, not a safety label. */
    SPAM
}
