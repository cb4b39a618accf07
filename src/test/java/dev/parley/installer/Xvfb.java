package dev.parley.installer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** A virtual X server on a free display number, for running the real console window. */
final class Xvfb implements AutoCloseable {
    private final Process process;
    private final int number;

    private Xvfb(Process process, int number) {
        this.process = process;
        this.number = number;
    }

    static Xvfb start() throws Exception {
        Installers.require("Xvfb", "xvfb");
        Installers.require("xwininfo", "x11-utils");
        Installers.require("xwd", "x11-apps");
        for (int n = 90 + (int) (ProcessHandle.current().pid() % 50); n < 400; n++) {
            final int number = n;
            if (Files.exists(Path.of("/tmp/.X11-unix/X" + number)) || Files.exists(Path.of("/tmp/.X" + number + "-lock"))) {
                continue;
            }
            var process = new ProcessBuilder("Xvfb", ":" + number, "-screen", "0", "1400x900x24", "-nolisten", "tcp")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            var xvfb = new Xvfb(process, number);
            try {
                Installers.await(Duration.ofSeconds(20), "Xvfb on :" + number,
                        () -> !process.isAlive() || Files.exists(Path.of("/tmp/.X11-unix/X" + number)), () -> "");
            } catch (AssertionError e) {
                xvfb.close();
                throw e;
            }
            if (process.isAlive()) return xvfb;
        }
        throw new IllegalStateException("no free X display number");
    }

    String name() {
        return ":" + number;
    }

    /** Every window title on the display (xwininfo -root -tree). */
    String windowTitles() throws IOException, InterruptedException {
        var process = new ProcessBuilder("xwininfo", "-root", "-tree", "-display", name()).redirectErrorStream(true)
                .start();
        var out = new String(process.getInputStream().readAllBytes());
        process.waitFor(20, TimeUnit.SECONDS);
        return out;
    }

    /** An X window dump of the whole screen. */
    void screenshot(Path file) throws IOException, InterruptedException {
        Installers.run(file.getParent(), "xwd", "-root", "-silent", "-display", name(), "-out", file.toString());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
}
