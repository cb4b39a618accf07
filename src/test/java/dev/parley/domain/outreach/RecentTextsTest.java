package dev.parley.domain.outreach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecentTextsTest {
    @Test
    void remembersTheMostRecentTextsOnlyAndNeverNullOrLongOnes() {
        var computed = new ArrayList<String>();
        var recent = new RecentTexts<Integer>(2);
        java.util.function.Function<String, Integer> length = t -> {
            computed.add(t);
            return t == null ? -1 : t.length();
        };
        assertThat(recent.get("a", length)).isEqualTo(1);
        assertThat(recent.get("bb", length)).isEqualTo(2);
        assertThat(recent.get("a", length)).isEqualTo(1);
        assertThat(recent.get("ccc", length)).isEqualTo(3); // "bb" is the least recently used: out
        assertThat(recent.get("a", length)).isEqualTo(1);
        assertThat(recent.get("bb", length)).isEqualTo(2);
        var longText = "x".repeat(1_001);
        recent.get(longText, length);
        recent.get(longText, length);
        recent.get(null, length);
        recent.get(null, length);
        assertThat(computed).containsExactly("a", "bb", "ccc", "bb", longText, longText, null, null);
    }

    @Test
    void rememberedExtractionsAndIntentsAreTheComputedOnesAndCannotBeChangedByWhoReceivesThem() {
        var extractor = new GenealogyExtractor();
        var text = "My grandmother Mary O'Brien was born in Cork in 1890, I have her baptism certificate.";
        var first = extractor.extract(text);
        var again = extractor.extract(text);
        assertThat(again).isEqualTo(first).isEqualTo(new GenealogyExtractor().extract(text));
        assertThat(first.names()).isNotEmpty();
        for (List<?> list : List.of(first.names(), first.places(), first.years(), first.events(),
                first.events().getFirst().names())) {
            assertThatThrownBy(list::clear).isInstanceOf(UnsupportedOperationException.class);
        }
        var classifier = RuleBasedIntentClassifier.standard();
        assertThat(classifier.classify("Please stop texting me")).isEqualTo(classifier.classify("Please stop texting me"))
                .isEqualTo(RuleBasedIntentClassifier.standard().classify("Please stop texting me"));
    }
}
