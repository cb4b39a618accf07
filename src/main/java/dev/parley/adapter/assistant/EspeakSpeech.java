package dev.parley.adapter.assistant;

import dev.parley.application.playbook.assistant.Speech;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Speech with {@code espeak-ng} (when installed): the reply is written to {@code <media>/<name>.wav}. Without the
 * program, or when it fails, nothing is spoken and nothing is thrown; whether it exists is checked once.
 */
public final class EspeakSpeech implements Speech {
    private static final Logger LOG = LoggerFactory.getLogger(EspeakSpeech.class);
    private final Path mediaDir;
    private final String command;
    private Boolean available;

    public EspeakSpeech(Path mediaDir, String command) {
        this.mediaDir = mediaDir;
        this.command = command;
    }

    public synchronized boolean available() {
        if (available == null) {
            try {
                var process = new ProcessBuilder(command, "--version").redirectErrorStream(true).start();
                process.getInputStream().readAllBytes();
                available = process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
            } catch (IOException e) {
                available = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                available = false;
            }
            LOG.info("speech with {}: {}", command, available ? "available" : "not installed, replies are not spoken");
        }
        return available;
    }

    @Override
    public Optional<Path> speak(String text, String name) {
        if (text == null || text.isBlank() || !available()) return Optional.empty();
        try {
            Files.createDirectories(mediaDir);
            var file = mediaDir.resolve(name.replaceAll("[^A-Za-z0-9_-]", "_") + ".wav");
            var process = new ProcessBuilder(command, "-w", file.toString(), "--stdin").redirectErrorStream(true)
                    .start();
            try (var in = process.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            }
            process.getInputStream().readAllBytes();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return process.exitValue() == 0 && Files.size(file) > 44 ? Optional.of(file) : Optional.empty();
        } catch (IOException e) {
            LOG.warn("speech failed: {}", e.getClass().getName());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
