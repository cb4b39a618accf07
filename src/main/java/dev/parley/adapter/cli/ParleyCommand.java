package dev.parley.adapter.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** {@code parley}: the top-level command; its subcommands are the CLI contract (docs/cli.md). */
@Command(name = "parley", mixinStandardHelpOptions = true, versionProvider = ParleyCommand.VersionFromManifest.class,
        description = "Operator console and pipeline for automated messaging agents.",
        subcommands = {ConsoleCommand.class, ServeCommand.class, TokenCommand.class, BenchCommand.class,
                EvalCommand.class, TrainCommand.class, PlaybookCommand.class, ReplayCommand.class, DemoCommand.class,
                BackupCommand.class, RestoreCommand.class, CatalogCommand.class, StoreCommand.class, ValidateCommand.class})
public final class ParleyCommand implements Runnable {
    private final Launcher launcher;

    /** The home of the console (no command); subcommands take their own {@code --home} and fall back to this. */
    @picocli.CommandLine.Option(names = "--home", paramLabel = "DIR",
            description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    java.nio.file.Path home;

    public ParleyCommand(Launcher launcher) {
        this.launcher = launcher;
    }

    Launcher launcher() {
        return launcher;
    }

    /** No command: the operator console (the listener, worker, scheduler and senders run in the same process). */
    @Override
    public void run() {
        launcher.console(new Launcher.ServeOptions(home, null, null, false, java.util.Map.of()));
    }

    /** Reads the version from the jar manifest. */
    public static final class VersionFromManifest implements IVersionProvider {
        @Override
        public String[] getVersion() {
            var v = ParleyCommand.class.getPackage().getImplementationVersion();
            return new String[] {"parley " + (v == null ? "dev" : v)};
        }
    }
}
