package dev.parley.adapter.cli;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;

/** {@code parley}: the top-level command; its subcommands are the CLI contract (docs/cli.md). */
@Command(name = "parley", mixinStandardHelpOptions = true, versionProvider = ParleyCommand.VersionFromManifest.class,
        description = "Operator console and pipeline for automated messaging agents.",
        subcommands = {ConsoleCommand.class, ServeCommand.class, TokenCommand.class, BenchCommand.class,
                DemoCommand.class})
public final class ParleyCommand implements Runnable {
    private final Launcher launcher;

    @Option(names = "--home", paramLabel = "DIR", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "Parley home (default: $PARLEY_HOME or ~/.parley)")
    Path home;

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
