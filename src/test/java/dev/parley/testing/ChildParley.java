package dev.parley.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code parley serve} in a child JVM on a given home, for crash tests: the test JVM can kill it with SIGKILL.
 * Uses the test JVM's own java and class path, so it runs under surefire without the packaged jar.
 */
public final class ChildParley {
    /**
     * How long a child may take to answer /health: it bounds a hang and measures nothing. On a 2-core machine shared
     * with other builds a JVM that migrates and opens its store has taken over a minute.
     */
    public static final Duration STARTUP = Duration.ofMinutes(3);

    /** Small heap, C1 only, serial GC: startup time dominates a crash round, not peak throughput. */
    private static final List<String> FAST_START = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
            "-XX:+UseSerialGC", "-XX:-UsePerfData", "--enable-native-access=ALL-UNNAMED");

    private final Path home;
    private final int port;
    private final List<String> settings;
    private final String mainClass;
    private Process process;

    /** @param settings extra {@code key=value} configuration passed as {@code --set} */
    public ChildParley(Path home, List<String> settings) throws IOException {
        this(home, settings, "dev.parley.bootstrap.launch.Main");
    }

    /** As above, started through {@code mainClass} (for example one that installs test playbooks). */
    public ChildParley(Path home, List<String> settings, String mainClass) throws IOException {
        this.home = home;
        this.port = freePort();
        this.settings = List.copyOf(settings);
        this.mainClass = mainClass;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** Starts the child and waits until /health answers 200; returns the time that took. */
    public Duration startAndAwaitHealthy(Duration timeout) throws Exception {
        long started = System.nanoTime();
        launch();
        return awaitHealthy(started, timeout);
    }

    /**
     * Waits until the child {@link #launch() launched} at {@code started} ({@link System#nanoTime()}) answers /health
     * with 200; returns the time from {@code started}.
     */
    public Duration awaitHealthy(long started, Duration timeout) throws Exception {
        var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofMillis(500)).build();
        var health = HttpRequest.newBuilder(URI.create(baseUrl() + "/health")).timeout(Duration.ofSeconds(2)).build();
        long deadline = started + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("child exited with " + process.exitValue() + "; log: " + logTail());
            }
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return Duration.ofNanos(System.nanoTime() - started);
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(20);
        }
        kill();
        throw new IllegalStateException("child not healthy within " + timeout + "; log: " + logTail());
    }

    /** Starts the child without waiting for anything (a process with {@code listener.enabled=false}). */
    public void launch() throws IOException {
        var command = new ArrayList<String>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(FAST_START);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass,
                "serve", "--home", home.toString(), "--port", Integer.toString(port)));
        for (var s : settings) {
            command.add("--set");
            command.add(s);
        }
        var log = home.resolve("child-console.log").toFile();
        var builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log));
        builder.environment().put("PARLEY_HOME", home.toString());
        withOwnFaketimeLock(builder.environment());
        process = builder.start();
    }

    /**
     * Under {@code faketime} (the suite run at another hour: {@code faketime -m -f '+8h' bash .ci/run}) every process
     * of the run shares one semaphore ({@code FAKETIME_SHARED}), which libfaketime holds around each {@code stat} call
     * (its {@code lock_for_stat}). A child killed with {@code kill -9} while it held it never releases it, and every
     * other process, this test's JVM included, then waits for ever at its next {@code stat} (seen: the kill -9 test
     * hung in H2's file open, in {@code __fxstat64}). Without the variable the child's libfaketime makes its own
     * semaphore; its clock is the same (the offset comes from {@code FAKETIME}). Nothing changes without faketime.
     */
    static void withOwnFaketimeLock(java.util.Map<String, String> environment) {
        environment.remove("FAKETIME_SHARED");
    }

    public boolean alive() {
        return process != null && process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no flush, no close. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        // Under faketime, the killed child's own semaphore and shared memory (withOwnFaketimeLock) outlive it.
        for (var name : List.of("sem.faketime_sem_", "faketime_shm_")) {
            try {
                Files.deleteIfExists(Path.of("/dev/shm", name + process.pid()));
            } catch (IOException ignored) {
                // not there (no faketime, or another system): nothing to clean
            }
        }
    }

    /** SIGTERM: the shutdown hook closes the store cleanly. */
    public void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            var threads = threadDump();
            kill();
            throw new IllegalStateException("child did not stop on SIGTERM within 30 s; log: " + logTail()
                    + "\nthreads:\n" + threads);
        }
    }

    /** The child's threads, virtual ones included (for a child that does not stop), or why there are none. */
    private String threadDump() {
        try {
            var file = home.resolve("child-threads-" + process.pid() + ".txt");
            var jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
            var dump = new ProcessBuilder(jcmd, Long.toString(process.pid()), "Thread.dump_to_file", "-format=text",
                    file.toString()).redirectErrorStream(true).start();
            dump.getInputStream().readAllBytes();
            dump.waitFor(30, TimeUnit.SECONDS);
            return Files.readString(file);
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e.getClass().getSimpleName() + ")";
        }
    }

    /** Every line the child (all its starts on this home) wrote to stdout and stderr. */
    public List<String> log() throws IOException {
        return Files.readAllLines(home.resolve("child-console.log"));
    }

    public String logTail() {
        try {
            var lines = Files.readAllLines(home.resolve("child-console.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
