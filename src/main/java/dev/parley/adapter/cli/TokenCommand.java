package dev.parley.adapter.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley token}: prints the operator API's bearer token. */
@Command(name = "token", mixinStandardHelpOptions = true, description = "Print the API bearer token.")
final class TokenCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;

    @picocli.CommandLine.Option(names = "--home", paramLabel = "DIR",
            description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    java.nio.file.Path home;
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().println(parent.launcher().token(home != null ? home : parent.home));
        return 0;
    }
}
