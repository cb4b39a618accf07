package dev.parley.application.catalog;

import java.util.ArrayList;
import java.util.List;

/** RFC 4180 CSV: comma separated, double quotes around fields with commas, quotes or line breaks. */
final class Csv {
    private Csv() {
    }

    /** The records of {@code text}, each with the line number it starts on. */
    record Row(int line, List<String> fields) {
    }

    static List<Row> parse(String text) {
        var rows = new ArrayList<Row>();
        var fields = new ArrayList<String>();
        var field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        int line = 1;
        int rowLine = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    if (c == '\n') line++;
                    field.append(c);
                }
            } else if (c == '"' && field.isEmpty()) {
                quoted = true;
                wasQuoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                wasQuoted = false;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                fields.add(field.toString());
                if (!(fields.size() == 1 && fields.getFirst().isEmpty() && !wasQuoted)) rows.add(new Row(rowLine, fields));
                fields = new ArrayList<>();
                field.setLength(0);
                wasQuoted = false;
                line++;
                rowLine = line;
            } else {
                field.append(c);
            }
        }
        if (quoted) throw new IllegalArgumentException("line " + rowLine + ": a quoted field is not closed");
        if (!field.isEmpty() || !fields.isEmpty() || wasQuoted) {
            fields.add(field.toString());
            rows.add(new Row(rowLine, fields));
        }
        return rows;
    }

    static String line(List<String> values) {
        var out = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) out.append(',');
            var v = values.get(i) == null ? "" : values.get(i);
            if (v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r")) {
                out.append('"').append(v.replace("\"", "\"\"")).append('"');
            } else {
                out.append(v);
            }
        }
        return out.append('\n').toString();
    }
}
