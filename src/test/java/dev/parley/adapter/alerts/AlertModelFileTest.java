package dev.parley.adapter.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.alert.learned.AlertHead;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AlertModelFileTest {
    @TempDir
    Path home;

    @Test
    void theBuiltInHeadsLoadWithTheirProvenanceAndThresholds() {
        var model = AlertModelFile.load(Optional.empty());
        assertThat(model.heads().embeddingModel()).isEqualTo("all-minilm-l6-v2-q")
                .as("the product embeds with the model its heads read")
                .isEqualTo(dev.parley.adapter.embedding.SentenceModel.PRODUCT.id());
        assertThat(model.heads().heads()).extracting(AlertHead::category)
                .containsExactly("self_harm", "threats", "harassment", "financial_scam");
        assertThat(model.heads().heads()).filteredOn(AlertHead::raisesAlerts).extracting(AlertHead::category)
                .containsExactly("self_harm", "threats");
        assertThat(model.provenance().dataSha256()).hasSize(5);
        for (var head : model.heads().heads()) {
            assertThat(head.thresholds().review()).isLessThanOrEqualTo(head.thresholds().critical());
            assertThat(head.dev().critical().threshold()).isEqualTo(head.thresholds().critical());
            // The histogram reproduces the stored dev figures to within its bins.
            assertThat(head.histogram().recallAt(head.thresholds().critical()))
                    .isCloseTo(head.dev().critical().recall(), org.assertj.core.data.Offset.offset(0.05));
        }
    }

    @Test
    void writingWhatWasReadGivesTheSameBytes() throws Exception {
        var original = new String(AlertModelFile.class.getResourceAsStream("/alert_heads.json").readAllBytes(),
                StandardCharsets.UTF_8);
        var model = AlertModelFile.read("test", new ByteArrayInputStream(original.getBytes(StandardCharsets.UTF_8)));
        assertThat(AlertModelFile.write(model, 0.01, 0.02)).isEqualTo(original);
    }

    @Test
    void aHomeFileOverridesTheBuiltInOneAndABadOneIsRefusedWithItsName() throws Exception {
        var original = new String(AlertModelFile.class.getResourceAsStream("/alert_heads.json").readAllBytes(),
                StandardCharsets.UTF_8);
        Files.writeString(home.resolve("alert_heads.json"), original.replace("\"threats\"", "\"hostility\""));
        assertThat(AlertModelFile.load(AlertModelFile.overrideIn(home)).heads().head("hostility")).isPresent();

        Files.writeString(home.resolve("alert_heads.json"), original.replace("\"bias\"", "\"biass\""));
        assertThatThrownBy(() -> AlertModelFile.load(AlertModelFile.overrideIn(home)))
                .isInstanceOf(AlertModelFileException.class).hasMessageContaining("alert_heads.json")
                .hasMessageContaining("bias");
        Files.writeString(home.resolve("alert_heads.json"), original.replaceFirst("\"critical\" : [0-9.E-]+",
                "\"critical\" : 0.0001"));
        assertThatThrownBy(() -> AlertModelFile.load(AlertModelFile.overrideIn(home)))
                .isInstanceOf(AlertModelFileException.class).hasMessageContaining("must not be above");
    }

    @Test
    void operatorThresholdsRoundTripAndBadOnesAreRefused() throws Exception {
        var file = new AlertThresholdsFile(home);
        assertThat(file.load()).isEmpty();
        file.save(java.util.Map.of("self_harm", new dev.parley.domain.alert.learned.HeadThresholds(0.9, 0.4)));
        assertThat(file.load()).containsEntry("self_harm", new dev.parley.domain.alert.learned.HeadThresholds(0.9, 0.4));
        Files.writeString(home.resolve(AlertThresholdsFile.FILE_NAME), "self_harm.critical=0.3\nself_harm.review=0.6\n");
        assertThatThrownBy(file::load).hasMessageContaining("self_harm").hasMessageContaining("must not be above");
        Files.writeString(home.resolve(AlertThresholdsFile.FILE_NAME), "self_harm.critical=high\n");
        assertThatThrownBy(file::load).hasMessageContaining("self_harm.critical is not a number");
    }
}
