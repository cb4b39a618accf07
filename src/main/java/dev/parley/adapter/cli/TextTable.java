package dev.parley.adapter.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with columns padded to their widest cell, for terminal output. */
final class TextTable {

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(String... headers) {
        this.headers = List.of(headers);
    }

    TextTable row(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.length);
        }
        rows.add(List.of(cells));
        return this;
    }

    /** Rendered lines (header, rule, rows) each prefixed with {@code indent}, trailing spaces trimmed. */
    List<String> lines(String indent) {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        List<String> out = new ArrayList<>();
        out.add(indent + format(headers, widths));
        List<String> rule = new ArrayList<>();
        for (int width : widths) {
            rule.add("-".repeat(width));
        }
        out.add(indent + format(rule, widths));
        rows.forEach(row -> out.add(indent + format(row, widths)));
        return out;
    }

    private static String format(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            line.append(cells.get(c)).append(" ".repeat(widths[c] - cells.get(c).length()));
        }
        return line.toString().stripTrailing();
    }
}
