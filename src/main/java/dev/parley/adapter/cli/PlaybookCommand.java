package dev.parley.adapter.cli;

import dev.parley.adapter.playbooks.PlaybookFiles;
import dev.parley.adapter.playbooks.PlaybookNotFoundException;
import dev.parley.domain.fsm.LoadedPlaybook;
import dev.parley.domain.fsm.MermaidDiagram;
import dev.parley.domain.fsm.PlaybookDefinition;
import dev.parley.domain.fsm.PlaybookDefinitionException;
import dev.parley.domain.fsm.StateDef;
import dev.parley.domain.fsm.Timer;
import dev.parley.domain.fsm.Transition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code parley playbook ...}: inspect the playbooks conversations run on.
 */
@Command(name = "playbook", description = "Inspect playbooks (conversation state machines).",
        mixinStandardHelpOptions = true, subcommands = PlaybookCommand.Show.class)
public final class PlaybookCommand {

    /** Resolves {@code --home} when absent: {@code $PARLEY_HOME}, else {@code ~/.parley}. */
    static Path defaultHome(Map<String, String> env, String userHome) {
        String fromEnv = env.get("PARLEY_HOME");
        return fromEnv != null && !fromEnv.isBlank() ? Path.of(fromEnv) : Path.of(userHome, ".parley");
    }

    /**
     * {@code parley playbook show <name>}: states, transition table, timers, templates, settings
     * and a Mermaid diagram of the effective playbook (home override if present, else built-in).
     */
    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Print a playbook's states, transitions, timers and a Mermaid diagram.")
    public static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "<name>", description = "Playbook name, e.g. outreach.")
        String name;

        @Option(names = "--home", paramLabel = "<dir>",
                description = "Parley home directory; <dir>/playbooks/<name>.json overrides the built-in."
                        + " Default: $PARLEY_HOME, else ~/.parley.")
        Path home;

        @Override
        public Integer call() {
            Path effectiveHome = home != null ? home : defaultHome(System.getenv(), System.getProperty("user.home"));
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            try {
                LoadedPlaybook playbook = new PlaybookFiles(Optional.of(effectiveHome)).load(name);
                render(playbook).forEach(out::println);
                out.flush();
                return 0;
            } catch (PlaybookNotFoundException | PlaybookDefinitionException e) {
                err.println(e.getMessage());
                err.flush();
                return 1;
            }
        }
    }

    /** The {@code show} output, line by line. */
    static List<String> render(LoadedPlaybook playbook) {
        PlaybookDefinition def = playbook.definition();
        ArrayList<String> lines = new ArrayList<>();
        lines.add("Playbook " + playbook.name() + " (" + playbook.origin() + ")");
        lines.add("");

        lines.add("States (> initial, # terminal):");
        TextTable states = new TextTable("", "State", "Description");
        for (StateDef s : def.states()) {
            String marker = (s.initial() ? ">" : "") + (s.terminal() ? "#" : "");
            states.row(marker, s.name(), s.description());
        }
        lines.addAll(states.lines("  "));
        lines.add("");

        lines.add("Transitions (first matching row wins; * = any non-terminal state):");
        TextTable transitions = new TextTable("#", "From", "Trigger", "Guard", "To", "Actions");
        List<Transition> rows = def.transitions();
        for (int i = 0; i < rows.size(); i++) {
            Transition t = rows.get(i);
            transitions.row(String.valueOf(i), t.from(), t.trigger(), t.guard().orElse("-"), t.to(),
                    t.actions().isEmpty() ? "-" : String.join(", ", t.actions()));
        }
        lines.addAll(transitions.lines("  "));
        lines.add("");

        lines.add("Timers:");
        if (def.timers().isEmpty()) {
            lines.add("  (none)");
        } else {
            TextTable timers = new TextTable("State", "After", "Trigger");
            for (Timer t : def.timers()) {
                timers.row(t.state(), t.afterText(), t.trigger());
            }
            lines.addAll(timers.lines("  "));
        }
        lines.add("");

        lines.add("Templates: " + (playbook.templates().texts().isEmpty()
                ? "(none)" : String.join(", ", playbook.templates().texts().keySet())));
        lines.add("Settings: " + (playbook.settings().values().isEmpty()
                ? "(none)" : playbook.settings().values().toString()));
        lines.add("");

        lines.add("```mermaid");
        lines.addAll(MermaidDiagram.render(def).lines().toList());
        lines.add("```");
        return lines;
    }
}
