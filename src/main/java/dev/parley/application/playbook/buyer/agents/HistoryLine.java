package dev.parley.application.playbook.buyer.agents;

/** One message of the recent history a prompt shows: {@code buyer} or {@code agent}, and the text. */
public record HistoryLine(String who, String text) {
}
