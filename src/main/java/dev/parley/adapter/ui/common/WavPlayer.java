package dev.parley.adapter.ui.common;

import java.io.IOException;
import java.nio.file.Path;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.UnsupportedAudioFileException;

/** Plays a WAV file to the end (blocking: run it off the UI thread). */
public final class WavPlayer {
    private WavPlayer() {
    }

    public static void play(Path file) throws IOException {
        try (var stream = AudioSystem.getAudioInputStream(file.toFile()); var clip = AudioSystem.getClip()) {
            clip.open(stream);
            clip.start();
            Thread.sleep(Math.max(1, clip.getMicrosecondLength() / 1000));
        } catch (UnsupportedAudioFileException | LineUnavailableException e) {
            throw new IOException("cannot play " + file.getFileName() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
