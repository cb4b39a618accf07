package dev.parley.adapter.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley store}: commands on the store itself (team mode, docs/team.md). */
@Command(name = "store", mixinStandardHelpOptions = true, description = "Commands on the store.",
        subcommands = StoreCommand.Copy.class)
final class StoreCommand implements Runnable {
    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code parley store copy}: a desk's store into the team's PostgreSQL, verified, restartable. */
    @Command(name = "copy", mixinStandardHelpOptions = true,
            description = {"Copy everything in one store into another (a desk's H2 store into the team's PostgreSQL),",
                    "then verify row counts and checksums of every table. Parley must not run on either store.",
                    "The target's password is read from PARLEY_DB_PASSWORD. Exit 0: copied and verified;",
                    "1: copied but not verified; 2: refused (nothing changed)."})
    static final class Copy implements Callable<Integer> {
        @ParentCommand StoreCommand store;
        @Spec CommandSpec spec;

        @Option(names = "--from", required = true, paramLabel = "URL|HOME",
                description = "the source: a jdbc:h2: URL, or a Parley home directory (its configured store)")
        String from;

        @Option(names = "--to", required = true, paramLabel = "URL",
                description = "the target, for example jdbc:postgresql://db:5432/parley")
        String to;

        @Option(names = "--to-user", paramLabel = "USER", defaultValue = "parley",
                description = "the target's database user (default: ${DEFAULT-VALUE})")
        String toUser;

        @Option(names = "--force", description = "delete what the target holds and copy again")
        boolean force;

        @Override
        public Integer call() {
            var out = spec.commandLine().getOut();
            try {
                var result = store.parent.launcher().storeCopy(from, to, toUser, force, out::println);
                out.printf("store copy: %d tables, %,d rows copied%s, %s in %.1f s%n", result.tables(),
                        result.copiedRows(), result.resumed() ? " (resumed an interrupted copy)"
                                : result.replaced() ? " (the target's earlier contents deleted)" : "",
                        result.verified() ? "verified (row counts and SHA-256 of every table match)"
                                : "NOT VERIFIED: " + String.join(", ", result.mismatches()) + " differ",
                        result.millis() / 1000.0);
                out.flush();
                return result.verified() ? 0 : 1;
            } catch (Launcher.StoreCopyRefused refused) {
                spec.commandLine().getErr().println("parley store copy: " + refused.getMessage());
                return 2;
            }
        }
    }
}
