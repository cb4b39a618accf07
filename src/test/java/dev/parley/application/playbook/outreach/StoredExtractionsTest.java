package dev.parley.application.playbook.outreach;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonDocuments;
import dev.parley.domain.outreach.GenealogyExtractor;
import dev.parley.testing.RecurringTexts;
import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

/** Issue 17: the extraction remembered per data document is the one parsed afresh, first time and remembered. */
class StoredExtractionsTest {

    @Test
    void rememberedExtractionsEqualParsedOnes() {
        var extractor = new GenealogyExtractor();
        var stored = new StoredExtractions();
        int withExtraction = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (String text : RecurringTexts.all()) {
                var data = new LinkedHashMap<String, Object>();
                data.put("intent", "productive_engagement");
                data.put("extraction", extractor.extract(text).toMap());
                String json = JsonDocuments.write(data);
                var fresh = StoredExtractions.parse(json);
                assertThat(stored.of(json)).as(text).isEqualTo(fresh);
                if (fresh.isPresent() && !fresh.get().names().isEmpty()) withExtraction++;
            }
        }
        assertThat(withExtraction).isPositive();
        assertThat(stored.of(null)).isEqualTo(StoredExtractions.parse(null)).isEmpty();
        assertThat(stored.of("{\"extraction\":{\"other\":1}}")).isEmpty();
        assertThat(stored.of("{\"intent\":\"x\"}")).isEmpty();
    }
}
