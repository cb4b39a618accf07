package dev.parley.installer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.http.signature.StandardWebhooks;
import dev.parley.testing.TestParley;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app-image the build made (target/installer/parley: the jlink runtime, the jars, the native launcher), run for
 * real: the headless service takes a signed webhook and processes it, the console opens its window on an X server,
 * and both stop cleanly. This is what failed with NoClassDefFoundError when the runtime lacked jdk.httpserver.
 */
@EnabledOnOs(OS.LINUX)
class AppImageIT {
    static final Path LAUNCHER = Path.of("target/installer/parley/bin/parley");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir Path dir;

    @Test
    void theLauncherReportsTheReleaseVersionWithoutSnapshot() throws Exception {
        var result = InstalledParley.run(LAUNCHER, Duration.ofSeconds(60), "--version");
        assertThat(result.code()).isZero();
        assertThat(result.output().strip()).isEqualTo("parley " + Installers.releaseVersion());
    }

    /**
     * The launcher's JVM runs with G1's 20 ms pause goal (installer/jpackage-common.args; docs/installers.md, "JVM
     * options"): the young collections' pauses were the largest stalls in the ingest tail at a steady load
     * (docs/benchmarks.md, "bench ingest at a steady rate").
     * Asked of the JVM itself ({@code -XX:+PrintCommandLineFlags}, which the JVM prints on stdout), not of the .cfg.
     */
    @Test
    void theLaunchersJvmRunsWithATwentyMillisecondPauseGoal() throws Exception {
        var result = InstalledParley.runSeparately(LAUNCHER, Map.of("JAVA_TOOL_OPTIONS", "-XX:+PrintCommandLineFlags"),
                Duration.ofSeconds(60), "--version");
        assertThat(result.code()).as(result.stderr()).isZero();
        assertThat(result.stdout()).contains("-XX:MaxGCPauseMillis=20");
    }

    @Test
    void serveAnswersHealthTakesASignedWebhookProcessesItAndStopsCleanly() throws Exception {
        var home = dir.resolve("home");
        try (var parley = new InstalledParley(LAUNCHER, home).start("serve", Map.of())) {
            parley.awaitHealthy(Duration.ofSeconds(90));
            long id = postSignedWebhook(parley.baseUrl(), "SM-appimage-1", "Hello from the app-image");
            awaitProcessed(parley.baseUrl(), id, Duration.ofSeconds(60));

            var backup = dir.resolve("online.zip");
            var made = InstalledParley.run(LAUNCHER, Duration.ofSeconds(120), "--home", home.toString(), "backup",
                    "--out", backup.toString());
            assertThat(made.code()).as(made.output()).isZero();
            assertThat(made.output()).contains("taken by the running Parley");
            try (var zip = new java.util.zip.ZipFile(backup.toFile())) {
                assertThat(zip.getEntry("parley.mv.db").getSize()).isGreaterThan(10_000L);
            }

            int code = parley.stop(Duration.ofSeconds(30));
            assertThat(code).as("exit code on SIGTERM (143 = 128 + SIGTERM, after the shutdown hook ran)")
                    .isIn(0, 143);
        }
        assertStoppedCleanly(home);
    }

    @Test
    void theConsoleOpensItsWindowOnAnXServerAndStopsCleanly() throws Exception {
        try (var display = Xvfb.start()) {
            var home = Files.createDirectories(dir.resolve("console-home"));
            Files.writeString(home.resolve("console.properties"), "operator.name=Installer Test\n");
            try (var parley = new InstalledParley(LAUNCHER, home).start("console", Map.of("DISPLAY", display.name()))) {
                parley.awaitHealthy(Duration.ofSeconds(90));
                Installers.await(Duration.ofSeconds(90), "the console's window on " + display.name(),
                        () -> display.windowTitles().contains("Parley") && log(home).contains("console: window shown"),
                        parley::output);
                long id = postSignedWebhook(parley.baseUrl(), "SM-console-1", "Hello from the console test");
                awaitProcessed(parley.baseUrl(), id, Duration.ofSeconds(60));
                var screenshot = dir.resolve("console.xwd");
                display.screenshot(screenshot);
                assertThat(Files.size(screenshot)).isGreaterThan(1_000_000L);

                int code = parley.stop(Duration.ofSeconds(30));
                assertThat(code).isIn(0, 143);
            }
            assertStoppedCleanly(home);
        }
    }

    static long postSignedWebhook(String baseUrl, String providerId, String text) throws Exception {
        var body = ("{\"id\":\"" + providerId + "\",\"channel\":\"sms\",\"from\":\"+15550100\",\"to\":\"+15550199\","
                + "\"text\":\"" + text + "\"}").getBytes(StandardCharsets.UTF_8);
        var clock = Clock.systemUTC();
        long ts = clock.instant().getEpochSecond();
        var webhookId = "msg_" + providerId;
        var signature = StandardWebhooks.of(TestParley.SECRET, clock).sign(webhookId, ts, body);
        var response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/webhooks/generic"))
                .header("content-type", "application/json")
                .header(StandardWebhooks.HEADER_ID, webhookId)
                .header(StandardWebhooks.HEADER_TIMESTAMP, Long.toString(ts))
                .header(StandardWebhooks.HEADER_SIGNATURE, signature)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        var matcher = java.util.regex.Pattern.compile("\"message_id\"\\s*:\\s*(\\d+)").matcher(response.body());
        assertThat(matcher.find()).as(response.body()).isTrue();
        return Long.parseLong(matcher.group(1));
    }

    /** Polls the operator API until the inbox row is PROCESSED (the whole pipeline ran on it). */
    static void awaitProcessed(String baseUrl, long inboxId, Duration timeout) throws Exception {
        var request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/inbox?status=PROCESSED&limit=1000"))
                .header("Authorization", "Bearer " + TestParley.TOKEN).build();
        var processed = java.util.regex.Pattern.compile("\"id\"\\s*:\\s*" + inboxId + "\\s*,");
        Installers.await(timeout, "inbox row " + inboxId + " PROCESSED", () -> {
            var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && processed.matcher(response.body()).find();
        }, () -> "");
    }

    /** The shutdown hook closed the store: its log says so and the open-store marker is gone. */
    static void assertStoppedCleanly(Path home) throws Exception {
        assertThat(log(home)).contains("store closed");
        assertThat(home.resolve("data/parley.mv.db")).exists();
        assertThat(home.resolve("data/parley.mv.db.open")).as("marker of a store left open").doesNotExist();
        assertThat(log(home)).doesNotContain("NoClassDefFoundError").doesNotContain("ClassNotFoundException");
    }

    static String log(Path home) throws Exception {
        var log = home.resolve("logs/parley.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }
}
