package dev.parley.adapter.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley train}: builds Parley's learned parts from labelled data, offline and deterministically. */
@Command(name = "train", mixinStandardHelpOptions = true, subcommands = {TrainAlertsCommand.class, TrainContextCommand.class},
        description = "Train Parley's learned detectors on labelled data.")
public final class TrainCommand implements Runnable {
    @ParentCommand
    ParleyCommand parent;

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name what to train: 'train alerts' or 'train context'");
    }
}
