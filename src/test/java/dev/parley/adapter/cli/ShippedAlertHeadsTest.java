package dev.parley.adapter.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.adapter.embedding.OnnxTextEmbedder;
import dev.parley.application.alerts.training.AlertHeadTrainer;
import dev.parley.application.alerts.training.HeadSpec;
import dev.parley.application.alerts.training.TrainingDigests;
import dev.parley.application.alerts.training.TrainingRows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code alert_heads.json} is what {@code parley train alerts --data <shared data>} builds (issue 35).
 * A full rebuild embeds ~60,000 texts (tens of minutes on two cores), so this checks each stage on the real data
 * with the fingerprints the file keeps (docs/alerts-evaluation.md, "Rebuilding the heads"): the data files' hashes,
 * the training rows they give (all of them), the vectors the file's embedder gives a fixed sample of those rows (1
 * in 128 by text hash, embedded one at a time as training and serving do), and the heads the trainer fits on that
 * sample alone. A changed data file, row rule, embedder, prefix, threshold rule or fitting step fails here until the
 * file is rebuilt. The shared data lies beside the repository (CI: a copy of shared/ beside the clone).
 */
class ShippedAlertHeadsTest {

    static Path sharedData() {
        for (var candidate : List.of(Path.of("../shared/data"), Path.of("../../shared/data"),
                Path.of("/work/shared/data"))) {
            if (Files.isDirectory(candidate.resolve("selfharm-dev"))) return candidate;
        }
        throw new AssertionError("the shared data (../shared/data) is not beside the repository: the shipped "
                + "alert_heads.json cannot be checked against it");
    }

    @Test
    void theShippedHeadsAreWhatTheTrainingCommandBuildsFromTheSharedData() throws Exception {
        var shipped = AlertModelFile.load(Optional.empty());
        var provenance = shipped.provenance();
        var read = TrainingDataFiles.read(sharedData());
        assertThat(read.sha256()).as("data files").isEqualTo(provenance.dataSha256());
        assertThat(provenance.command()).isEqualTo(TrainAlertsCommand.COMMAND
                + (shipped.heads().embeddingModel().equals("all-minilm-l6-v2-q") ? ""
                : " --embedder " + shipped.heads().embeddingModel()));

        var rows = TrainingRows.of(read.texts());
        assertThat(TrainingDigests.rows(rows)).as("training rows").isEqualTo(provenance.rowsSha256());

        int[] sample = TrainingDigests.sample(rows);
        assertThat(sample.length).isGreaterThan(200);
        var embedder = OnnxTextEmbedder.forModel(shipped.heads().embeddingModel());
        var vectors = new float[sample.length][];
        for (int k = 0; k < sample.length; k++) vectors[k] = embedder.embed(rows.get(sample[k]).text()).vector();
        assertThat(TrainingDigests.vectors(rows, sample, vectors)).as("vectors of the sampled rows")
                .isEqualTo(provenance.vectorSampleSha256());

        var settings = AlertHeadTrainer.Settings.DEFAULT;
        assertThat(provenance.folds()).isEqualTo(settings.folds());
        assertThat(provenance.l2()).isEqualTo(settings.l2());
        assertThat(TrainingDigests.canary(new AlertHeadTrainer(settings, line -> { }), rows, sample, vectors,
                shipped.heads().embeddingModel(), HeadSpec.standard())).as("heads fitted on the sample")
                .isEqualTo(provenance.canarySha256());
    }
}
