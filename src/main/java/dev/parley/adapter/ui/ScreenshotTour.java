package dev.parley.adapter.ui;

import dev.parley.adapter.ui.shell.Section;
import dev.parley.application.console.QueueKind;
import dev.parley.domain.alert.AlertSeverity;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.image.WritableImage;
import javafx.util.Duration;
import javax.imageio.ImageIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Walks the real window through every main view in the light and dark theme and saves a PNG of each
 * (installer/screenshots.sh runs it under Xvfb on a demo store), then closes the console.
 */
final class ScreenshotTour {
    private static final Logger LOG = LoggerFactory.getLogger(ScreenshotTour.class);
    private final ConsoleWindow window;
    private final Path directory;
    private final List<Runnable> steps = new ArrayList<>();

    ScreenshotTour(ConsoleWindow window, Path directory) {
        this.window = window;
        this.directory = directory;
    }

    void start() {
        for (var theme : List.of("light", "dark")) {
            steps.add(() -> Themes.apply(window.scene(), theme));
            for (var section : List.of(Section.HUMAN_REVIEW, Section.ALL, Section.HELD, Section.FAILED,
                    Section.ESCALATIONS, Section.OPPORTUNITIES, Section.CATALOGUE, Section.DASHBOARD,
                    Section.SETTINGS, Section.REPLAY)) {
                steps.add(() -> window.model().section().set(section));
                steps.add(() -> save(theme + "-" + section.name().toLowerCase().replace('_', '-')));
            }
            steps.add(() -> window.model().section().set(Section.HUMAN_REVIEW));
            steps.add(() -> {
                var rows = window.model().queue(QueueKind.HUMAN_REVIEW).rows();
                rows.stream().filter(r -> AlertSeverity.CRITICAL.wire().equals(r.item().status())).findFirst()
                        .or(() -> rows.stream().findFirst())
                        .ifPresent(r -> window.model().openConversation(r.item().conversationId()));
            });
            steps.add(() -> save(theme + "-conversation"));
            steps.add(() -> window.model().section().set(Section.ALL));
        }
        steps.add(Platform::exit);
        next(0);
    }

    private void next(int i) {
        if (i >= steps.size()) return;
        var pause = new PauseTransition(Duration.millis(i == 0 ? 2500 : 1200));
        pause.setOnFinished(e -> {
            try {
                steps.get(i).run();
            } catch (RuntimeException ex) {
                LOG.warn("screenshot step {} failed: {}", i, ex.toString());
            }
            next(i + 1);
        });
        pause.play();
    }

    private void save(String name) {
        WritableImage image = window.scene().snapshot(null);
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        var out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        var reader = image.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) out.setRGB(x, y, reader.getArgb(x, y));
        }
        try {
            Files.createDirectories(directory);
            ImageIO.write(out, "png", directory.resolve(name + ".png").toFile());
            LOG.info("screenshot {}", name);
        } catch (IOException e) {
            LOG.warn("screenshot {} not saved: {}", name, e.toString());
        }
    }
}
