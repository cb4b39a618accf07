package dev.parley.adapter.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley restore FILE}: puts a backup in place of the store; the replaced store is kept beside it. */
@Command(name = "restore", mixinStandardHelpOptions = true,
        description = "Replace the store with a backup made by 'parley backup' (stop Parley first). "
                + "The replaced store is kept beside it; the backup is migrated to this version's schema.")
final class RestoreCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    Path home;

    @Parameters(index = "0", paramLabel = "FILE", description = "a zip written by 'parley backup'")
    Path backup;

    @Override
    public Integer call() {
        var result = parent.launcher().restore(home != null ? home : parent.home, backup);
        spec.commandLine().getOut().println("restore: " + backup.toAbsolutePath() + " is now " + result.store()
                + (result.previous() != null ? "; the store it replaced is kept as " + result.previous() : "")
                + (result.journal() != null ? "; that store's receipt journal is kept as " + result.journal()
                        + " (not replayed into the restored store)" : ""));
        return 0;
    }
}
