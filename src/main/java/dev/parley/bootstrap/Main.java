package dev.parley.bootstrap;

import dev.parley.adapter.cli.ParleyCommand;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point of {@code java -jar parley.jar}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        return run(args, null, null);
    }

    /** Runs the command line; {@code out} and {@code err} replace the standard streams when not null. */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        var commandLine = new CommandLine(new ParleyCommand(new ParleyLauncher()));
        if (out != null) commandLine.setOut(out);
        if (err != null) commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof ConfigException) {
                cmd.getErr().println("parley: configuration: " + e.getMessage());
                return 2;
            }
            if (e instanceof StoreBackups.BackupException failure) {
                cmd.getErr().println("parley " + cmd.getCommandName() + ": " + failure.getMessage());
                return failure.exitCode;
            }
            throw e;
        });
        return commandLine.execute(args);
    }
}
