package dev.parley.bootstrap.launch;

import dev.parley.bootstrap.ConfigKey;
import dev.parley.bootstrap.ParleyConfig;

import dev.parley.adapter.cli.Launcher.StoreCopyRefused;
import dev.parley.adapter.cli.Launcher.StoreCopyResult;
import dev.parley.adapter.persistence.Database;
import dev.parley.adapter.persistence.StoreCopy;
import dev.parley.application.store.StoreUnavailableException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.function.Consumer;

/** {@code parley store copy}: resolves the two stores from the command line, then runs {@link StoreCopy}. */
final class TeamStoreCopy {
    private TeamStoreCopy() {
    }

    static StoreCopyResult copy(String from, String to, String toUser, Map<String, String> env, boolean force,
                                Consumer<String> progress) {
        if (!Database.isPostgres(to) && !to.startsWith("jdbc:h2:")) {
            throw new StoreCopyRefused("--to must be a jdbc:postgresql: (or jdbc:h2:) URL");
        }
        var source = source(from);
        var target = new StoreCopy.Endpoint(to, toUser, env.getOrDefault("PARLEY_DB_PASSWORD", ""));
        long started = System.nanoTime();
        StoreCopy.Report report;
        try {
            report = new StoreCopy(Clock.systemUTC(), progress).copy(source, target, force);
        } catch (StoreCopy.RefusedException e) {
            throw new StoreCopyRefused(e.getMessage());
        } catch (StoreUnavailableException e) {
            throw new StoreCopyRefused("cannot open a store: " + e.getMessage() + rootCause(e));
        }
        var mismatches = report.tables().stream().filter(t -> !t.verified()).map(StoreCopy.TableReport::table)
                .toList();
        return new StoreCopyResult(report.tables().size(), report.copiedRows(), report.verified(), mismatches,
                report.resumed(), report.replaced(), (System.nanoTime() - started) / 1_000_000);
    }

    /** A jdbc:h2: URL as it is (user sa), or a Parley home: the store its parley.properties names. */
    private static StoreCopy.Endpoint source(String from) {
        if (from.startsWith("jdbc:")) {
            if (!from.startsWith("jdbc:h2:")) {
                throw new StoreCopyRefused("--from must be a jdbc:h2: URL or a Parley home directory");
            }
            return new StoreCopy.Endpoint(from + (from.contains("IFEXISTS") ? "" : ";IFEXISTS=TRUE"), "sa", "");
        }
        var home = Path.of(from);
        if (!Files.isRegularFile(home.resolve("parley.properties"))) {
            throw new StoreCopyRefused("no Parley home at " + home + " (no parley.properties)");
        }
        var config = ParleyConfig.load(home, Map.of(), Map.of(), new SecureRandom());
        var url = config.get(ConfigKey.DB_URL);
        return new StoreCopy.Endpoint(url.startsWith("jdbc:h2:") && !url.contains("IFEXISTS")
                ? url + ";IFEXISTS=TRUE" : url, config.get(ConfigKey.DB_USER), config.get(ConfigKey.DB_PASSWORD));
    }

    private static String rootCause(Throwable e) {
        while (e.getCause() != null) e = e.getCause();
        var message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return " (" + message.lines().findFirst().orElse(message) + ")";
    }
}
