package dev.parley.adapter.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MiniLmTextEmbedderTest {
    private static final MiniLmTextEmbedder EMBEDDER = new MiniLmTextEmbedder();

    @Test
    void unitVectorsOf384DimensionsTheSameForTheSameText() {
        var a = EMBEDDER.embed("Where is the nearest warehouse with a loading dock?");
        var b = EMBEDDER.embed("Where is the nearest warehouse with a loading dock?");
        assertThat(a.dimensions()).isEqualTo(384).isEqualTo(EMBEDDER.dimensions());
        assertThat(a.model()).isEqualTo("all-minilm-l6-v2-q");
        assertThat(a).isEqualTo(b);
        assertThat(a.cosine(a)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
    }

    @Test
    void similarMeaningsLieCloserThanUnrelatedOnes() {
        var hopeless = EMBEDDER.embed("I can't keep going, everyone would be better off without me");
        var despair = EMBEDDER.embed("I don't want to live anymore");
        var traffic = EMBEDDER.embed("this traffic is killing me, I'll be late for dinner");
        assertThat(hopeless.cosine(despair)).isGreaterThan(hopeless.cosine(traffic) + 0.1);
    }

    @Test
    void blankTextIsSimilarToNothing() {
        var blank = EMBEDDER.embed("  ");
        assertThat(blank.dimensions()).isEqualTo(384);
        assertThat(EMBEDDER.embed(null)).isEqualTo(blank);
        assertThat(blank.cosine(EMBEDDER.embed("hello"))).isZero();
    }

    @Test
    void textTheTokenizerKeepsNothingOfIsEmbeddedLikeABlankOne() {
        // Found in the self-harm dev set: a post of variation selectors and spaces made the encoder throw.
        var selectors = EMBEDDER.embed("\uFE0E \uFE0E\n\uFE0E \u200B");
        assertThat(selectors).isEqualTo(EMBEDDER.embed(" "));
        assertThat(EMBEDDER.embed("\uD835\uDE78 wonder").dimensions()).isEqualTo(384);
    }
}
