package dev.parley.adapter.cli;

import dev.parley.application.replay.Expectation;
import dev.parley.application.replay.ExpectationMatcher;
import dev.parley.application.replay.ReplayFileReader;
import dev.parley.application.replay.ReplayFileWriter;
import dev.parley.application.replay.ReplayInputException;
import dev.parley.application.replay.TranscriptLine;
import dev.parley.application.replay.TranscriptWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code parley replay}: runs a replay file through the current pipeline on a virtual clock in an isolated store
 * (docs/replay.md). Exit 0 when it ran and every expectation was met, 1 with a readable diff when not, 2 for
 * input that cannot be read (file, line, field, reason).
 */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replay conversations through the current pipeline on a virtual clock, offline.",
                "Exit codes: 0 ok, 1 expectations not met (or --compare found differences), 2 unreadable input."})
final class ReplayCommand implements Callable<Integer> {
    static final int OK = 0;
    static final int MISMATCH = 1;
    static final int BAD_INPUT = 2;

    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "replay file (JSON Lines)")
    Path file;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Parley home of --export/--compare (default: $PARLEY_HOME, else ~/.parley)")
    java.nio.file.Path home;

    @Option(names = "--expect", paramLabel = "GOLDEN", description = "expected transcript lines to check")
    Path expect;

    @Option(names = "--out", paramLabel = "FILE", description = "write the transcript (or export) here, not stdout")
    Path out;

    @Option(names = "--model", paramLabel = "offline|config|cassette:DIR", defaultValue = "offline",
            description = "model answers: offline (default), the model.* keys of --config, or recorded ones from a "
                    + "cassette directory (a request not recorded stops the replay, exit 2)")
    String model;

    @Option(names = "--record-cassette", paramLabel = "DIR",
            description = "record every model answer of this replay into a cassette directory")
    Path recordCassette;

    @Option(names = "--store", paramLabel = "memory|h2", defaultValue = "memory",
            description = "store of the replay: memory (default) or h2 (in-memory H2, slower, to check they agree)")
    String store;

    @Option(names = "--config", paramLabel = "DIR", description = "directory with the parley.properties to use")
    Path config;

    @Option(names = "--export", paramLabel = "CONVERSATION-ID",
            description = "write a stored conversation of --home as a replay file")
    Long export;

    @Option(names = "--compare", paramLabel = "CONVERSATION-ID",
            description = "re-run a stored conversation of --home and list where the result differs")
    Long compare;

    @Override
    public Integer call() throws IOException {
        var err = spec.commandLine().getErr();
        int modes = (file != null ? 1 : 0) + (export != null ? 1 : 0) + (compare != null ? 1 : 0);
        if (modes != 1) {
            err.println("parley replay: give exactly one of FILE, --export ID, --compare ID");
            return BAD_INPUT;
        }
        try {
            var options = new Launcher.ReplayOptions(config, checkedModel(), checkedStore(store), recordCassette);
            if (config != null && !Files.isDirectory(config)) {
                throw new ReplayInputException(config.toString(), 0, "--config", "not a directory");
            }
            if (export != null) return exportConversation();
            if (compare != null) return compareConversation(options);
            return replay(options);
        } catch (ReplayInputException e) {
            err.println("parley replay: " + e.getMessage());
            return BAD_INPUT;
        }
    }

    private int replay(Launcher.ReplayOptions options) throws IOException {
        var events = ReplayFileReader.read(file);
        // Read the golden file before running, so a broken one fails at once.
        List<Expectation> expectations = expect == null ? null : Expectation.read(expect);
        var transcript = parent.launcher().replay(events, options);
        writeTranscript(transcript);
        if (expectations == null) return OK;
        var report = ExpectationMatcher.match(expectations, transcript);
        spec.commandLine().getErr().print(report.render());
        spec.commandLine().getErr().flush();
        return report.passed() ? OK : MISMATCH;
    }

    private int exportConversation() throws IOException {
        var events = parent.launcher().exportConversation(home != null ? home : parent.home, export);
        try (var writer = output()) {
            writer.write(ReplayFileWriter.write(events));
        }
        return OK;
    }

    private int compareConversation(Launcher.ReplayOptions options) {
        var result = parent.launcher().compareConversation(home != null ? home : parent.home, compare, options);
        var stdout = spec.commandLine().getOut();
        if (result.differences().isEmpty()) {
            stdout.println("conversation " + compare + " (" + result.conversation() + "): replay matches the store"
                    + " (state " + result.storedState() + ")");
            stdout.flush();
            return OK;
        }
        stdout.println("conversation " + compare + " (" + result.conversation() + "): " + result.differences().size()
                + " difference(s)");
        result.differences().forEach(d -> stdout.println("  " + d));
        stdout.flush();
        return MISMATCH;
    }

    private void writeTranscript(List<TranscriptLine> transcript) throws IOException {
        try (var writer = output()) {
            var transcriptWriter = new TranscriptWriter(writer);
            transcript.forEach(transcriptWriter::write);
        }
    }

    /** The --out file (UTF-8), or stdout (left open). */
    private Writer output() throws IOException {
        if (out != null) return Files.newBufferedWriter(out, StandardCharsets.UTF_8);
        var stdout = spec.commandLine().getOut();
        return new java.io.FilterWriter(stdout) {
            @Override
            public void close() {
                stdout.flush();
            }
        };
    }

    /** {@code memory} or {@code h2}; anything else is unreadable input. */
    static String checkedStore(String store) {
        if (store.equals("memory") || store.equals("h2")) return store;
        throw new ReplayInputException(store, 0, "--store", "must be memory or h2");
    }

    private String checkedModel() {
        if (model.equals("offline") || model.equals("config")) return model;
        if (model.startsWith("cassette:")) {
            if (recordCassette != null) {
                throw new ReplayInputException(model, 0, "--record-cassette", "cannot record while replaying a cassette");
            }
            var dir = Path.of(model.substring("cassette:".length()));
            if (!Files.isDirectory(dir)) {
                throw new ReplayInputException(dir.toString(), 0, "--model", "cassette directory does not exist");
            }
            return "cassette:" + dir.toAbsolutePath();
        }
        throw new ReplayInputException(model, 0, "--model", "must be offline, config or cassette:<dir>");
    }
}
