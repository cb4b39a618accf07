package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionSimilarityTest {
    @Test
    void sameQuestionInOtherWords() {
        assertThat(QuestionSimilarity.same("Is subleasing allowed?", "is subleasing allowed there")).isTrue();
        assertThat(QuestionSimilarity.same("Can trucks park overnight there?", "Can trucks park overnight?")).isTrue();
        assertThat(QuestionSimilarity.same("Is subleasing allowed?", "Is smoking allowed?")).isFalse();
        assertThat(QuestionSimilarity.of("", "anything")).isZero();
    }
}
