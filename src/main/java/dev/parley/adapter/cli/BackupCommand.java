package dev.parley.adapter.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley backup}: a consistent copy of the H2 store, while Parley runs or not (docs/installers.md). */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = "Write a consistent copy of the store (a zip) while Parley runs or not.")
final class BackupCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    Path home;

    @Option(names = "--out", paramLabel = "FILE",
            description = "where to write the backup (default: HOME/backups/parley-<UTC time>.zip); never overwritten")
    Path out;

    @Override
    public Integer call() {
        var result = parent.launcher().backup(home != null ? home : parent.home, out);
        var how = result.runningPid() > 0 ? "taken by the running Parley (pid " + result.runningPid() + ")"
                : "taken with Parley stopped";
        spec.commandLine().getOut().printf("backup: %s (%,d bytes, %d ms, %s)%n", result.file().toAbsolutePath(),
                result.bytes(), result.millis(), how);
        return 0;
    }
}
