package dev.parley.domain.chimein;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ContentWordsTest {

    @Test
    void genericCallsForTheBotHaveNoSubjectOfTheirOwn() {
        assertThat(ContentWords.isGenericRequest("@bot what do you think?")).isTrue();
        assertThat(ContentWords.isGenericRequest("@bot can you help")).isTrue();
        assertThat(ContentWords.isGenericRequest("@bot ^")).isTrue();
        assertThat(ContentWords.isGenericRequest("@bot")).isTrue();
        assertThat(ContentWords.isGenericRequest("@bot is the thai place open on sunday?")).isFalse();
    }

    @Test
    void subjectWordsDropFunctionWordsAddresseesAndHandles() {
        assertThat(ContentWords.of("ana: The thai restaurant on 10th Ave?")).containsExactly("thai", "restaurant",
                "10th", "ave");
        
        assertThat(ContentWords.leansOnPrevious("Any thoughts?")).isTrue();
        assertThat(ContentWords.leansOnPrevious("We should look at the restaurant for the gathering")).isFalse();
    }
}
