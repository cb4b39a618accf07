package dev.parley.adapter.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/** {@code parley}: the top-level command; its subcommands are the CLI contract (docs/cli.md). */
@Command(name = "parley", mixinStandardHelpOptions = true, versionProvider = ParleyCommand.VersionFromManifest.class,
        description = "Operator console and pipeline for automated messaging agents.",
        subcommands = {ServeCommand.class, TokenCommand.class, BenchCommand.class, EvalCommand.class,
                PlaybookCommand.class, ReplayCommand.class})
public final class ParleyCommand implements Runnable {
    private final Launcher launcher;

    public ParleyCommand(Launcher launcher) {
        this.launcher = launcher;
    }

    Launcher launcher() {
        return launcher;
    }

    @Override
    public void run() {
        new picocli.CommandLine(this).usage(new picocli.CommandLine(this).getOut());
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
