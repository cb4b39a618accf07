package dev.parley;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.alert.AlertSeverity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Words with one type stay in it: no source file outside the type spells one of its stored words as a string or SQL
 * literal (a drifting copy), so every use goes through the type and its {@code wire()} word.
 */
class ClosedVocabularyTest {
    private static final Path MAIN = Path.of("src/main/java");

    @Test
    void noSourceSpellsAnAlertSeverityOutsideItsEnum() throws IOException {
        var words = Arrays.stream(AlertSeverity.values()).map(AlertSeverity::wire).collect(Collectors.joining("|"));
        assertThat(literals(Pattern.compile("[\"'](" + words + ")[\"']"), "dev/parley/domain/alert/AlertSeverity.java"))
                .isEmpty();
    }

    /** Each non-comment line of a main source file (but {@code owner}) where {@code literal} occurs. */
    static List<String> literals(Pattern literal, String owner) throws IOException {
        var found = new ArrayList<String>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (var file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                if (MAIN.relativize(file).toString().replace('\\', '/').equals(owner)) continue;
                var lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    var code = lines.get(i).strip();
                    if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) continue;
                    if (literal.matcher(code).find()) found.add(MAIN.relativize(file) + ":" + (i + 1) + ": " + code);
                }
            }
        }
        return found;
    }
}
