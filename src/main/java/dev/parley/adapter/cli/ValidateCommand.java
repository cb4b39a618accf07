package dev.parley.adapter.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.adapter.safety.PhoneNumberZones;
import dev.parley.adapter.safety.SafetyJson;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.adapter.safety.SafetyPolicyFileException;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.SafetyZones;
import dev.parley.domain.safety.InMemoryBehaviourFacts;
import dev.parley.domain.safety.InvalidSafetyRequestException;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyResult;
import dev.parley.domain.safety.SafetyValidator;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code parley validate [--batch]}: seed 002's validator on standard input. Without {@code --batch}: one request
 * object, its standard JSON on standard output. With {@code --batch}: JSON Lines in, one line out per request line,
 * in order, streaming (memory does not grow with the input); a bad line's output (a blank one included) is an
 * error object {@code {"error", "detail", "field", "line"}} and the rest go on. The behavioural facts are the batch's
 * own messages so far ({@link InMemoryBehaviourFacts}, every line counted whatever its decision) with time zones
 * from the phone numbers, else the team's ({@code --time-zone}). Exit 0; 2 when the input (any line of it) or the
 * policy file is bad (one line on stderr naming the line and the field).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Validate messages with the safety validator (seed 002): JSON in, the standard JSON out.",
                "Input: {\"direction\": \"inbound|outbound\", \"payload\": {\"content\", \"sender\", \"recipient\","
                        + " \"channel\", \"timestamp\"}} on standard input."})
public final class ValidateCommand implements Callable<Integer> {
    static final int BAD_INPUT = 2;

    @ParentCommand
    ParleyCommand parent;

    @Spec
    CommandSpec spec;

    @Option(names = "--batch", description = "JSON Lines: one request per line, one answer per line, in order.")
    boolean batch;

    @Option(names = "--home", paramLabel = "DIR",
            description = "Parley home whose safety.json is used (default: $PARLEY_HOME, else ~/.parley; the built-in policy when it has none)")
    Path home;

    @Option(names = "--policy", paramLabel = "<file>", description = "A safety.json to use instead of the home's.")
    Path policy;

    @Option(names = "--heads", paramLabel = "on|off", defaultValue = "on",
            description = "Use the learned alert heads (the home's alert_heads.json, else the built-in ones) beside the"
                    + " lexicons (default on; off = lexicons only)")
    String heads;

    @Option(names = "--time-zone", paramLabel = "ZONE",
            description = "The team's time zone: quiet hours of a recipient whose address has none of its own (a chat"
                    + " id, an e-mail address); default: this machine's zone.")
    String timeZone;

    /** Standard input; tests replace it. */
    InputStream in = System.in;

    private SafetyModel model = SafetyModel.OFF;

    /** The batch's behavioural facts (kept for tests of their memory bound). */
    InMemoryBehaviourFacts facts;

    /** The clock for requests without a timestamp; tests replace it. */
    Clock clock = Clock.systemUTC();

    @Override
    public Integer call() {
        SafetyPolicyFile file;
        try {
            file = policy != null ? SafetyPolicyFile.load(policy) : SafetyPolicyFile.load(SafetyPolicyFile.overrideIn(home()));
        } catch (SafetyPolicyFileException e) {
            return fail(e.getMessage());
        }
        var loaded = CliSafetyModel.load(heads, home(), null);
        if (loaded.error() != null) return fail(loaded.error());
        model = loaded.model();
        var validator = new SafetyValidator(file.policy(), clock, new LoggingValidationFailures());
        ZoneId team;
        try {
            team = timeZone == null ? ZoneId.systemDefault() : ZoneId.of(timeZone.strip());
        } catch (DateTimeException e) {
            return fail("--time-zone: not a time zone (e.g. UTC, Europe/Dublin): " + timeZone);
        }
        facts = new InMemoryBehaviourFacts(SafetyZones.orElse(new PhoneNumberZones(), team), 100_000,
                InMemoryBehaviourFacts.countCapFor(file.policy().rules()));
        var mapper = SafetyJson.mapper();
        PrintWriter out = spec.commandLine().getOut();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return batch ? batch(reader, out, mapper, validator, facts) : single(reader, out, mapper, validator, facts);
        } catch (IOException e) {
            return fail("standard input cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    private int single(BufferedReader reader, PrintWriter out, ObjectMapper mapper, SafetyValidator validator,
                       InMemoryBehaviourFacts facts) throws IOException {
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[8192];
        for (int n; (n = reader.read(buffer)) > 0; ) text.append(buffer, 0, n);
        JsonNode node;
        try {
            node = mapper.readTree(text.toString());
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? 1 : e.getLocation().getLineNr();
            return fail("line " + line + ": not valid JSON (" + e.getOriginalMessage() + ")");
        }
        try {
            SafetyRequest request = SafetyJson.request(node);
            out.println(mapper.writeValueAsString(SafetyJson.standard(validator.validate(request, facts, model.forText()))));
            out.flush();
            return 0;
        } catch (InvalidSafetyRequestException e) {
            return fail("line 1, field " + e.field() + ": " + e.getMessage());
        }
    }

    private int batch(BufferedReader reader, PrintWriter out, ObjectMapper mapper, SafetyValidator validator,
                      InMemoryBehaviourFacts facts) throws IOException {
        long lineNumber = 0;
        long bad = 0;
        String firstBad = null;
        for (String line; (line = reader.readLine()) != null; ) {
            lineNumber++;
            JsonNode answer;
            try {
                // A blank line is a request with nothing in it: it gets its error line like any bad line, so the
                // n-th output line always answers the n-th input line.
                if (line.isBlank()) throw SafetyJson.blankLine();
                JsonNode node = mapper.readTree(line);
                SafetyRequest request = SafetyJson.request(node);
                SafetyResult result = validator.validate(request, facts, model.forText());
                facts.record(request, result);
                answer = SafetyJson.standard(result);
            } catch (JsonProcessingException e) {
                answer = SafetyJson.notJson(e.getOriginalMessage(), lineNumber);
                bad++;
                if (firstBad == null) firstBad = "line " + lineNumber + ": not valid JSON";
            } catch (InvalidSafetyRequestException e) {
                answer = SafetyJson.error(e, lineNumber);
                bad++;
                if (firstBad == null) firstBad = "line " + lineNumber + ", field " + e.field() + ": " + e.getMessage();
            }
            out.println(mapper.writeValueAsString(answer));
            if ((lineNumber & 1023) == 0) out.flush();
        }
        out.flush();
        if (bad > 0) {
            return fail(bad + " bad line" + (bad == 1 ? "" : "s") + " (their output lines are error objects); first: "
                    + firstBad);
        }
        return 0;
    }

    private Path home() {
        if (parent != null) return parent.launcher().home(home != null ? home : parent.home);
        if (home != null) return home;
        String env = System.getenv("PARLEY_HOME");
        return env != null && !env.isBlank() ? Path.of(env) : Path.of(System.getProperty("user.home"), ".parley");
    }

    private int fail(String message) {
        spec.commandLine().getErr().println("parley validate: " + message.replace('\n', ' '));
        spec.commandLine().getErr().flush();
        return BAD_INPUT;
    }
}
