package dev.parley.adapter.cli;

import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.adapter.safety.PhoneNumberZones;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.application.JsonMappers;
import dev.parley.application.safety.SafetyModel;
import dev.parley.domain.message.Direction;
import dev.parley.domain.safety.InMemoryBehaviourFacts;
import dev.parley.domain.safety.SafetyRequest;
import dev.parley.domain.safety.SafetyValidator;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley bench validate}: one validation (built-in policy, in-memory facts fed by the run, phone-number time
 * zones) over generated messages that are all different, inbound and outbound, one thread. Prints p50 / p99 of one
 * validation in microseconds (wall clock and thread CPU time) and validations per second over the measured run, as
 * one JSON object: without a model at the top level, and with the learned heads (each text embedded in process) under
 * {@code with_heads}. Each validation is recorded into the facts, as {@code parley validate --batch} does.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Latency of one safety validation (seed 002) and validations per second, one thread.")
final class BenchValidateCommand implements Callable<Integer> {
    private static final List<String> TEXTS = List.of("are we still on for lunch at %d?",
            "URGENT! You have won a %d prize. Call 09061701461 to claim now", "my grandmother was born in %d",
            "you are a worthless idiot, the keys are under the mat (%d)", "please send money by western union, %d",
            "reply immediately, the invoice %d is attached", "I can't do this anymore, I want to die %d",
            "free entry in 2 a wkly comp to win FA Cup final tkts %d. Text FA to 87121", "see you at %d, love you");

    @Spec
    private CommandSpec spec;

    @Option(names = "--messages", paramLabel = "N", defaultValue = "20000",
            description = "measured validations (default 20000), after 2000 unmeasured warm-up ones")
    private int messages;

    @Option(names = "--model-messages", paramLabel = "N", defaultValue = "2000",
            description = "measured validations with the learned heads (default 2000; each embeds its text)")
    private int modelMessages;

    @Override
    public Integer call() throws Exception {
        if (messages < 100) {
            throw BenchCommand.refuse(spec, "--messages must be >= 100");
        }
        if (modelMessages < 100) {
            throw BenchCommand.refuse(spec, "--model-messages must be >= 100");
        }
        Instant start = Instant.parse("2026-01-14T12:00:00Z");
        var validator = new SafetyValidator(SafetyPolicyFile.loadDefault().policy(), Clock.fixed(start, ZoneOffset.UTC),
                new LoggingValidationFailures());
        var report = new LinkedHashMap<String, Object>();
        report.put("benchmark", "validate");
        report.putAll(run(validator, SafetyModel.OFF, messages, start));
        report.put("policy_version", validator.policyVersion());
        // The same validations with the learned heads: every text is new, so each one is embedded (MiniLM, in process).
        var loaded = CliSafetyModel.load("on", null, null);
        if (loaded.error() != null) throw new IllegalStateException(loaded.error());
        report.put("with_heads", run(validator, loaded.model(), modelMessages, start));
        spec.commandLine().getOut().println(JsonMappers.PRETTY.writeValueAsString(report));
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** One measured run (after 1/10 as many unmeasured warm-up validations, at least 200). */
    private static java.util.Map<String, Object> run(SafetyValidator validator, SafetyModel model, int messages,
                                                     Instant start) {
        var facts = new InMemoryBehaviourFacts(new PhoneNumberZones(), 100_000,
                InMemoryBehaviourFacts.countCapFor(validator.policy().rules()));
        var random = new Random(10);
        int warmUp = Math.max(200, messages / 10);
        for (int i = 0; i < warmUp; i++) validate(validator, model, facts, random, i, start);
        long[] nanos = new long[messages];
        long[] cpu = new long[messages];
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long began = System.nanoTime();
        for (int i = 0; i < messages; i++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            validate(validator, model, facts, random, warmUp + i, start);
            nanos[i] = System.nanoTime() - t0;
            cpu[i] = threads.getCurrentThreadCpuTime() - c0;
        }
        long elapsed = System.nanoTime() - began;
        Arrays.sort(nanos);
        Arrays.sort(cpu);
        var report = new LinkedHashMap<String, Object>();
        report.put("messages", messages);
        report.put("p50_us", micros(nanos[(int) Math.floor(0.50 * (messages - 1))]));
        report.put("p99_us", micros(nanos[(int) Math.floor(0.99 * (messages - 1))]));
        report.put("max_us", micros(nanos[messages - 1]));
        report.put("validations_per_second", Math.round(messages / (elapsed / 1e9)));
        // thread CPU time: what one validation costs when it has a core, whatever else the machine runs
        report.put("cpu_p50_us", micros(cpu[(int) Math.floor(0.50 * (messages - 1))]));
        report.put("cpu_p99_us", micros(cpu[(int) Math.floor(0.99 * (messages - 1))]));
        return report;
    }

    private static void validate(SafetyValidator validator, SafetyModel model, InMemoryBehaviourFacts facts,
                                 Random random, int i, Instant start) {
        String text = String.format(TEXTS.get(random.nextInt(TEXTS.size())), i);
        boolean inbound = random.nextBoolean();
        String contact = "+1415555" + String.format("%04d", random.nextInt(200));
        String me = "+442079460000";
        var request = SafetyRequest.of(inbound ? Direction.IN : Direction.OUT, text,
                inbound ? contact : me, inbound ? me : contact, "sms", start.plusSeconds(i));
        facts.record(request, validator.validate(request, facts, model.forText()));
    }

    private static double micros(long nanos) {
        return Math.round(nanos / 100.0) / 10.0;
    }
}
