package dev.parley.domain.embedding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EmbeddingTest {

    @Test
    void normalizedVectorsHaveUnitLengthAndCosineIsTheirDotProduct() {
        var a = Embedding.normalized("m", new float[] {3, 4});
        var b = Embedding.normalized("m", new float[] {4, 3});
        assertThat(a.vector()).containsExactly(0.6f, 0.8f);
        assertThat(a.cosine(b)).isCloseTo(0.96, within(1e-6));
        assertThat(a.cosine(a)).isCloseTo(1.0, within(1e-6));
        assertThat(Embedding.normalized("m", new float[] {0, 0}).vector()).containsExactly(0f, 0f);
    }

    @Test
    void vectorsOfDifferentModelsAreNotCompared() {
        var a = Embedding.normalized("m", new float[] {1, 0});
        var b = Embedding.normalized("n", new float[] {1, 0});
        assertThatThrownBy(() -> a.cosine(b)).isInstanceOf(IllegalArgumentException.class);
        assertThat(a).isNotEqualTo(b);
        assertThatThrownBy(() -> new Embedding("m", new float[0])).isInstanceOf(IllegalArgumentException.class);
    }
}
