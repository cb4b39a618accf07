package dev.parley.adapter.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley bench …}: reproducible measurements (docs/benchmarks.md). */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Run a benchmark and print JSON.",
        subcommands = {BenchCommand.Ingest.class, BenchCommand.Console.class})
final class BenchCommand implements Runnable {
    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "ingest", mixinStandardHelpOptions = true,
            description = "Raw H2 inserts vs signed HTTP -> PROCESSED vs a bare JDK HttpServer.")
    static final class Ingest implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Option(names = "--messages", paramLabel = "N", defaultValue = "5000", description = "messages (default 5000)")
        int messages;

        @Option(names = "--clients", paramLabel = "N", defaultValue = "16", description = "concurrent clients")
        int clients;

        @Override
        public Integer call() throws Exception {
            if (messages < 1 || clients < 1) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--messages and --clients must be >= 1");
            }
            var result = bench.parent.launcher().benchIngest(messages, clients);
            spec.commandLine().getOut().println(new ObjectMapper().writeValueAsString(result));
            return 0;
        }
    }

    @Command(name = "console", mixinStandardHelpOptions = true,
            description = "Console read path on the home's store: store open, counts, first page of each queue.")
    static final class Console implements Callable<Integer> {
        @ParentCommand BenchCommand bench;
        @Spec CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            var result = bench.parent.launcher().benchConsole(bench.parent.home);
            spec.commandLine().getOut().println(new ObjectMapper().writeValueAsString(result));
            return 0;
        }
    }
}
