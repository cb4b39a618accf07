package dev.parley.domain.fsm;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Hexagonal rule for the packages of this module: the domain stays free of frameworks and I/O. */
class DomainImportsTest {

    private static final List<String> FORBIDDEN = List.of("import com.fasterxml.", "import javafx.",
            "import jakarta.", "import org.hibernate.", "import okhttp3.", "import java.net.http.", "import picocli.",
            "import dev.parley.adapter.", "System.out");

    @Test
    void fsmAndOutreachImportNoFrameworks() throws IOException {
        for (String pkg : List.of("fsm", "outreach")) {
            try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/parley/domain", pkg))) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    String source = Files.readString(file);
                    assertThat(FORBIDDEN).as(file.toString()).noneMatch(source::contains);
                }
            }
        }
    }
}
