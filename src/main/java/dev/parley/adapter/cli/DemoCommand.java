package dev.parley.adapter.cli;

import dev.parley.application.JsonMappers;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley demo}: fills an empty store with realistic demo data (screenshots, benchmarks, trying Parley). */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Fill an empty Parley store with demo conversations and print what was written as JSON.")
final class DemoCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;

    @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    java.nio.file.Path home;
    @Spec CommandSpec spec;

    @Option(names = "--conversations", paramLabel = "N", defaultValue = "1000", description = "conversations (default 1000)")
    int conversations;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "10",
            description = "average messages per conversation (default 10)")
    int messages;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "random seed (default 1)")
    long seed;

    @Override
    public Integer call() throws Exception {
        if (conversations < 1 || messages < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--conversations and --messages must be >= 1");
        }
        var result = parent.launcher().demo(home != null ? home : parent.home, conversations, messages, seed);
        spec.commandLine().getOut().println(JsonMappers.PLAIN.writeValueAsString(result));
        return 0;
    }
}
