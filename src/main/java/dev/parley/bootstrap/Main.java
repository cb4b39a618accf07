package dev.parley.bootstrap;

import dev.parley.adapter.cli.ParleyCommand;
import picocli.CommandLine;

/** Entry point of {@code java -jar parley.jar}. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        var commandLine = new CommandLine(new ParleyCommand(new ParleyLauncher()));
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof ConfigException) {
                cmd.getErr().println("parley: configuration: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        return commandLine.execute(args);
    }
}
