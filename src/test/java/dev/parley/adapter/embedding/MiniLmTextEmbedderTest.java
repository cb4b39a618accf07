package dev.parley.adapter.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.embedding.Embedding;
import org.junit.jupiter.api.Test;

class MiniLmTextEmbedderTest {
    private static final MiniLmTextEmbedder EMBEDDER = new MiniLmTextEmbedder();

    /**
     * One thread per call instead of the library's default session (a spinning pool over every core) is a matter of
     * speed only: the vectors are the library's, bit for bit, so every score and alert stays the same.
     */
    @Test
    void theSameVectorsBitForBitAsTheLibrarysDefaultSession() {
        var library = new dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel();
        var texts = new java.util.ArrayList<>(java.util.List.of("ok", "?", "STOP", "I want to end it all",
                "I'm interested, I've been building my tree for years.", "Her apple cake was to die for, everyone says so.",
                "My great-grandfather Hans Keane lived in Naples until 1901, as far as I know.",
                "Thanks for reaching out, but I'm not really into family history. Best of luck with your research!",
                "This is harassment. I will report you to the police.", "Größe 2, Zürich, café — ça va? 👍"));
        texts.add("a long message that the encoder cuts into windows, ".repeat(60)); // past 510 tokens
        for (var text : texts) {
            var expected = Embedding.normalized(MiniLmTextEmbedder.MODEL, library.embed(text).content().vector());
            assertThat(EMBEDDER.embed(text).vector()).as(text).isEqualTo(expected.vector());
        }
    }

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
