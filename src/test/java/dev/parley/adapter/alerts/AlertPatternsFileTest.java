package dev.parley.adapter.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.alert.MatchingMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading, validation and refusal of patterns files. */
class AlertPatternsFileTest {
    @TempDir
    Path home;

    private Path write(String patternJson) throws IOException {
        return write("threats", patternJson);
    }

    private Path write(String categoryId, String patternJson) throws IOException {
        String json = """
                {"categories": [{"id": "%s", "name": "Custom", "severity": "CRITICAL", "patterns": [%s]}]}
                """.formatted(categoryId, patternJson);
        Path file = home.resolve(AlertPatternsFile.FILE_NAME);
        Files.writeString(file, json);
        return file;
    }

    @Test
    void refusesABackreferenceNamingFileCategoryAndPattern() throws IOException {
        Path file = write("{\"id\": \"threats.9\", \"pattern\": \"(a+)\\\\1\"}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .isInstanceOf(AlertPatternsFileException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("category 'threats'")
                .hasMessageContaining("pattern 'threats.9'")
                .hasMessageContaining("RE2/J cannot compile");
    }

    @Test
    void aCategoryIsCriticalOrHighValueNotAQueueOnlySeverity() throws IOException {
        Path file = home.resolve(AlertPatternsFile.FILE_NAME);
        Files.writeString(file, """
                {"categories": [{"id": "t", "name": "T", "severity": "warning",
                  "patterns": [{"id": "t.1", "pattern": "hurt"}]}]}
                """);
        assertThatThrownBy(() -> AlertPatternsFile.load(file)).isInstanceOf(AlertPatternsFileException.class)
                .hasMessageContaining("category 't'").hasMessageContaining("severity 'warning' is not CRITICAL");
    }

    @Test
    void refusesLookaround() throws IOException {
        Path file = write("{\"id\": \"threats.8\", \"pattern\": \"kill(?! time)\"}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .hasMessageContaining("pattern 'threats.8'")
                .hasMessageContaining("lookaround");
    }

    @Test
    void refusesAnOverlongPattern() throws IOException {
        String longAlternation = "(" + "word|".repeat(500) + "end)";
        Path file = write("{\"id\": \"threats.7\", \"pattern\": \"" + longAlternation + "\"}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .hasMessageContaining("pattern 'threats.7'")
                .hasMessageContaining("more than the limit of 2000");
    }

    @Test
    void refusesAnOversizedProgram() throws IOException {
        Path file = write("{\"id\": \"threats.6\", \"pattern\": \"[a-z]{1000}[0-9]{1000}[a-z]{1000}[0-9]{1000}[a-z]{1000}[0-9]{1000}\"}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .hasMessageContaining("pattern 'threats.6'")
                .hasMessageContaining("RE2/J instructions");
    }

    @Test
    void refusesAPatternMatchingEmptyText() throws IOException {
        Path file = write("{\"id\": \"threats.5\", \"pattern\": \"x*\"}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file)).hasMessageContaining("empty text");
    }

    @Test
    void refusesUnknownFieldsSoATypoCannotDisableARule() throws IOException {
        Path file = write("{\"id\": \"threats.1\", \"pattern\": \"(hate)\", \"rules\": [{\"term\": \"hate\","
                + " \"unles\": [\"hate to\"], \"reason\": \"r\"}]}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .hasMessageContaining("pattern 'threats.1', rule #1")
                .hasMessageContaining("unknown field 'unles'");
    }

    @Test
    void refusesARuleWhosePhraseLacksTheTerm() throws IOException {
        Path file = write("{\"id\": \"threats.1\", \"pattern\": \"(hate)\", \"rules\": [{\"term\": \"hate\","
                + " \"unless\": [\"hates to\"], \"reason\": \"r\"}]}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .hasMessageContaining("pattern 'threats.1'")
                .hasMessageContaining("does not contain 'hate' as a whole word");
    }

    @Test
    void refusesARuleOnATermThePatternDoesNotHave() throws IOException {
        Path file = write("{\"id\": \"threats.1\", \"pattern\": \"(hate)\", \"rules\": [{\"term\": \"kill\","
                + " \"unless\": [\"kill time\"], \"reason\": \"r\"}]}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file)).hasMessageContaining("not one of the pattern's phrases");
    }

    @Test
    void refusesARuleWithoutReason() throws IOException {
        Path file = write("{\"id\": \"threats.1\", \"pattern\": \"(hate)\", \"rules\": [{\"term\": \"hate\","
                + " \"unless\": [\"hate to\"]}]}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file)).hasMessageContaining("'reason' must be a non-empty string");
    }

    @Test
    void reportsInvalidJsonWithItsLine() throws IOException {
        Path file = home.resolve("broken.json");
        Files.writeString(file, "{\n\"categories\": [\n}");
        assertThatThrownBy(() -> AlertPatternsFile.load(file))
                .hasMessageContaining(file.toString())
                .hasMessageContaining("not valid JSON at line 3");
    }

    @Test
    void overrideInParleyHomeReplacesTheDefault() throws IOException {
        assertThat(AlertPatternsFile.overrideIn(home)).isEmpty();
        write("custom", "{\"id\": \"custom.1\", \"pattern\": \"(pineapple pizza)\"}");

        Optional<Path> override = AlertPatternsFile.overrideIn(home);
        assertThat(override).contains(home.resolve("opt_out_phrases.json"));
        AlertPatternsFile file = AlertPatternsFile.load(override);

        assertThat(file.source()).isEqualTo(override.get().toString());
        var detector = file.detector(MatchingMode.PARLEY);
        assertThat(detector.detect("No PINEAPPLE pizza please").patternIds()).containsExactly("custom.1");
        assertThat(detector.detect("I hate you").isEmpty()).isTrue();
        assertThat(AlertPatternsFile.load(Optional.empty()).source()).isEqualTo("built-in opt_out_phrases.json");
    }

    @Test
    void realRegexPatternsMatchOnWordBoundaries() throws IOException {
        Path file = write("{\"id\": \"threats.4\", \"pattern\": \"kill(s|ed|ing)? (you|u)\"}");
        var detector = AlertPatternsFile.load(file).detector(MatchingMode.PARLEY);
        assertThat(detector.detect("I'm killing you").isCritical()).isTrue();
        assertThat(detector.detect("skills you need").isCritical()).isFalse();
        assertThat(detector.detect("skill u; kill u").isCritical()).isTrue();
    }
}
