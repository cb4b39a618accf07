package dev.parley.bootstrap.bench;

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
import java.util.regex.Pattern;

/**
 * One {@code parley serve} in a process of its own, started with this JVM's java and class path (the packaged app's
 * jars, or the build's classes), for the multi-process benchmark: a real second (third) Parley process, not another
 * instance in this JVM.
 */
final class ServeProcess implements AutoCloseable {
    private static final String MAIN = "dev.parley.bootstrap.launch.Main";
    private static final Pattern PROCESSED = Pattern.compile("parley_inbox_messages\\{status=\"PROCESSED\"} (\\d+)");

    private final Path home;
    private final int port;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1)).build();

    private ServeProcess(Path home, int port, Process process) {
        this.home = home;
        this.port = port;
        this.process = process;
    }

    /**
     * Starts {@code parley serve --home home} on a free port of 127.0.0.1 with {@code settings} as {@code --set} and
     * {@code environment} added (a password goes there, not on the command line). The caller's own {@code PARLEY_*}
     * variables are not passed on: the benchmark says everything about its processes' stores itself.
     */
    static ServeProcess start(Path home, List<String> settings, Map<String, String> environment) throws IOException {
        Files.createDirectories(home);
        int port = freePort();
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), MAIN,
                "serve", "--home", home.toString(), "--port", Integer.toString(port)));
        for (var s : settings) {
            command.add("--set");
            command.add(s);
        }
        var builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("serve.log").toFile()));
        builder.environment().keySet().removeIf(name -> name.startsWith("PARLEY_"));
        builder.environment().putAll(environment);
        return new ServeProcess(home, port, builder.start());
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** Waits until /health answers 200. */
    void awaitHealthy(Duration timeout) throws IOException, InterruptedException {
        var health = HttpRequest.newBuilder(URI.create(baseUrl() + "/health")).timeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("parley serve exited with " + process.exitValue() + "; log: " + logTail());
            }
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        throw new IOException("parley serve not healthy within " + timeout + "; log: " + logTail());
    }

    /** The store's PROCESSED inbox rows, as this process's /metrics reports them (the whole store, shared or not). */
    long processed() throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(baseUrl() + "/metrics")).timeout(Duration.ofSeconds(10)).build();
        var matcher = PROCESSED.matcher(http.send(request, HttpResponse.BodyHandlers.ofString()).body());
        if (!matcher.find()) throw new IOException("no PROCESSED gauge in /metrics");
        return Long.parseLong(matcher.group(1));
    }

    /** SIGTERM and wait: the process closes its store cleanly. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
        http.close();
    }

    /** What the process has written to its log so far (standard output and error). */
    String log() throws IOException {
        return Files.readString(home.resolve("serve.log"));
    }

    private String logTail() {
        try {
            var lines = Files.readAllLines(home.resolve("serve.log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
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
