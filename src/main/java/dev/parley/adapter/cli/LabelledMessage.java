package dev.parley.adapter.cli;

/** One message of an evaluation set with its gold label and the line it starts on. */
record LabelledMessage(long line, MessageLabel label, String text) {
}
