package dev.parley.installer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/** What the installer tests share: the release version, waiting, and tools that must exist in CI. */
final class Installers {
    private Installers() {
    }

    /** The project version without its qualifier (0.1.0-SNAPSHOT → 0.1.0): what an installer carries. */
    static String releaseVersion() {
        var version = System.getProperty("parley.project.version");
        if (version == null) throw new IllegalStateException("parley.project.version is not set (failsafe sets it)");
        return version.replaceFirst("-.*$", "");
    }

    static void await(Duration timeout, String what, Callable<Boolean> condition, Supplier<String> context)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.call()) return;
            Thread.sleep(200);
        }
        throw new AssertionError("timed out after " + timeout + " waiting for " + what + "\n" + context.get());
    }

    /**
     * Skips the test on a developer machine without {@code command}; fails in CI ({@code CI=true}), where
     * {@code .ci/run} installs it, so that a missing install step cannot turn into a green run.
     */
    static void require(String command, String debianPackage) {
        if (onPath(command)) return;
        var message = command + " is not installed (apt-get install " + debianPackage + ")";
        if ("true".equals(System.getenv("CI"))) throw new AssertionError(message);
        Assumptions.abort(message);
    }

    static boolean onPath(String command) {
        for (var dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) return true;
        }
        return false;
    }

    /** Runs a command to completion; fails with its output unless it exits 0. */
    static String run(Path directory, String... command) throws IOException, InterruptedException {
        var process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        var out = new String(process.getInputStream().readAllBytes());
        int code = process.waitFor();
        if (code != 0) throw new AssertionError(String.join(" ", command) + " exited with " + code + ":\n" + out);
        return out;
    }
}
