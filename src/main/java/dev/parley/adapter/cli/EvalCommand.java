package dev.parley.adapter.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code parley eval}: offline evaluations of Parley's rules on labelled public data. Subcommands
 * print one JSON object each on the command line's output writer.
 */
@Command(name = "eval", mixinStandardHelpOptions = true, subcommands = {EvalAlertsCommand.class, EvalContextCommand.class, EvalSafetyCommand.class},
        description = "Measure Parley's rules on labelled data.")
public final class EvalCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        // Without a subcommand, show what there is to evaluate.
        throw new CommandLine.ParameterException(spec.commandLine(), "name what to evaluate, e.g. 'eval alerts'");
    }
}
