package dev.parley.bootstrap;

import java.util.Locale;
import java.util.Optional;

/**
 * The check of {@code db.url}: an H2 store this process opens itself (a file, or memory), or PostgreSQL (team mode,
 * docs/team.md). An H2 store other processes can reach is refused: H2's server mode ({@code jdbc:h2:tcp:},
 * {@code jdbc:h2:ssl:}), its mixed mode ({@code AUTO_SERVER}) and a file opened without its lock
 * ({@code FILE_LOCK=NO}). Parley's single writer, its recovery of rows left SENDING and its order within a
 * conversation are kept inside one process on H2; several processes share a store only on PostgreSQL, where the
 * database arbitrates.
 */
final class StoreUrl {
    private static final String ONE_PROCESS = "Parley's single writer, its recovery of interrupted sends and its "
            + "order within a conversation hold only inside the one process that opens an H2 store";
    private static final String TEAM_MODE = "; to share a store between several Parley processes, use team mode: "
            + "PostgreSQL (db.url=jdbc:postgresql://host:5432/parley, docs/team.md)";

    private StoreUrl() {
    }

    static void check(String v) {
        if (v.isEmpty()) return;
        if (!v.startsWith("jdbc:")) throw new IllegalArgumentException("must start with jdbc:");
        if (!v.startsWith("jdbc:h2:") && !v.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("Parley stores in H2 (jdbc:h2:...) or PostgreSQL "
                    + "(jdbc:postgresql://host:port/database, docs/team.md)");
        }
        if (!v.startsWith("jdbc:h2:")) return;
        var upper = v.toUpperCase(Locale.ROOT);
        if (upper.startsWith("JDBC:H2:TCP:") || upper.startsWith("JDBC:H2:SSL:")) {
            throw new IllegalArgumentException("an H2 server (" + v.substring(0, 12) + "//…) is not supported: "
                    + ONE_PROCESS + TEAM_MODE);
        }
        if (setting(upper, "AUTO_SERVER").filter(s -> !s.equals("FALSE")).isPresent()
                || setting(upper, "AUTO_SERVER_PORT").isPresent()) {
            throw new IllegalArgumentException("AUTO_SERVER (H2's mixed mode, which lets other processes open the "
                    + "store) is not supported: " + ONE_PROCESS + TEAM_MODE);
        }
        if (setting(upper, "FILE_LOCK").filter(s -> s.equals("NO")).isPresent()) {
            throw new IllegalArgumentException("FILE_LOCK=NO is not supported: it lets a second process open the "
                    + "same H2 file and break it" + TEAM_MODE);
        }
        if (setting(upper, "TRACE_LEVEL_FILE").filter(s -> !s.equals("0")).isPresent()
                || setting(upper, "TRACE_LEVEL_SYSTEM_OUT").filter(s -> !s.equals("0")).isPresent()) {
            throw new IllegalArgumentException("H2 tracing is not supported: a trace records message content");
        }
        if (setting(upper, "DB_CLOSE_ON_EXIT").filter(s -> s.equals("TRUE")).isPresent()) {
            throw new IllegalArgumentException("DB_CLOSE_ON_EXIT=TRUE is not supported: Parley closes the store "
                    + "itself, after the listener and workers");
        }
    }

    /** The value of an H2 URL setting ({@code ;NAME=value}, upper case, trimmed), if the URL sets it. */
    private static Optional<String> setting(String upperUrl, String name) {
        var parts = upperUrl.split(";");
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0 && parts[i].substring(0, eq).strip().equals(name)) {
                return Optional.of(parts[i].substring(eq + 1).strip());
            }
        }
        return Optional.empty();
    }
}
