package dev.parley.bootstrap.launch;

import dev.parley.adapter.cli.ParleyCommand;
import dev.parley.application.RedactedThrowable;
import dev.parley.bootstrap.ConfigException;
import java.io.PrintWriter;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** Entry point of {@code java -jar parley.jar}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        // A thread that dies of an exception nobody caught is a bug: logged once, with its stack, never its message.
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> LoggerFactory.getLogger(Main.class)
                .error("uncaught exception in thread {}", thread.getName(), RedactedThrowable.of(e)));
        System.exit(run(args));
    }

    static int run(String[] args) {
        return run(args, null, null);
    }

    /** Runs the command line; {@code out} and {@code err} replace the standard streams when not null. */
    static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, new ParleyLauncher());
    }

    static int run(String[] args, PrintWriter out, PrintWriter err, ParleyLauncher launcher) {
        var commandLine = new CommandLine(new ParleyCommand(launcher));
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
