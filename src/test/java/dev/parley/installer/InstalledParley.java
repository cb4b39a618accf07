package dev.parley.installer;

import dev.parley.testing.TestParley;
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
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An installed Parley: its native launcher (of the app-image, or of a package installed in a throw-away root) run
 * as a person would, with a home of its own, the test's API token and webhook secret in the environment, and a free
 * port. Nothing of the test JVM's class path is used.
 */
final class InstalledParley implements AutoCloseable {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    final Path launcher;
    final Path home;
    final int port;
    private final Path output;
    private Process process;

    InstalledParley(Path launcher, Path home) throws IOException {
        this.launcher = launcher;
        this.home = home;
        this.port = freePort();
        this.output = home.resolveSibling(home.getFileName() + "-launcher.log");
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** {@code parley --home HOME <command> --port PORT}, with {@code env} added to the environment. */
    InstalledParley start(String command, Map<String, String> env) throws IOException {
        Files.createDirectories(home.getParent());
        var args = new ArrayList<>(List.of(launcher.toString(), "--home", home.toString(), command,
                "--port", Integer.toString(port)));
        var builder = new ProcessBuilder(args).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
        builder.environment().putAll(environment(env));
        // the log follows PARLEY_HOME (logback reads it before the command line is parsed); HOME keeps the test
        // away from the real ~/.parley and ~/.openjfx
        builder.environment().put("PARLEY_HOME", home.toString());
        builder.environment().put("HOME", home.getParent().toString());
        process = builder.start();
        return this;
    }

    static Map<String, String> environment(Map<String, String> extra) {
        var env = new java.util.HashMap<String, String>();
        env.put("PARLEY_API_TOKEN", TestParley.TOKEN);
        env.put("PARLEY_WEBHOOKS_GENERIC_SECRET", TestParley.SECRET);
        env.putAll(extra);
        return env;
    }

    /** Waits until /health answers 200; fails with the launcher's output if the process ends first. */
    void awaitHealthy(Duration timeout) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(baseUrl() + "/health")).timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the launcher exited with " + process.exitValue() + ":\n" + output());
            }
            try {
                if (HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no /health within " + timeout + ":\n" + output());
    }

    /** SIGTERM, as a service manager or Ctrl+C stops it; returns the exit code. */
    int stop(Duration timeout) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("the launcher did not stop within " + timeout + " of SIGTERM:\n" + output());
        }
        return process.exitValue();
    }

    boolean alive() {
        return process != null && process.isAlive();
    }

    String output() {
        try {
            return Files.exists(output) ? Files.readString(output) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Runs the launcher to completion (a command such as --version); returns its exit code and output. */
    static Result run(Path launcher, Duration timeout, String... args) throws Exception {
        var command = new ArrayList<String>();
        command.add(launcher.toString());
        command.addAll(List.of(args));
        var builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment(Map.of()));
        var process = builder.start();
        var out = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("timed out: " + command);
        }
        return new Result(process.exitValue(), out);
    }

    /**
     * Runs the launcher to completion with {@code env} added and its standard output and error kept apart (what a
     * script reading Parley's JSON from stdout sees).
     */
    static Outputs runSeparately(Path launcher, Map<String, String> env, Duration timeout, String... args)
            throws Exception {
        var command = new ArrayList<String>();
        command.add(launcher.toString());
        command.addAll(List.of(args));
        var stdout = Files.createTempFile("parley-stdout", ".txt");
        var stderr = Files.createTempFile("parley-stderr", ".txt");
        try {
            var builder = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile());
            builder.environment().remove("JAVA_TOOL_OPTIONS");
            builder.environment().putAll(environment(env));
            var process = builder.start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            return new Outputs(process.exitValue(), Files.readString(stdout), Files.readString(stderr));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    record Result(int code, String output) {
    }

    record Outputs(int code, String stdout, String stderr) {
    }

    @Override
    public void close() throws InterruptedException {
        if (alive()) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static int freePort() throws IOException {
        try (var socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
