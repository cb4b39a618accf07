package dev.parley.domain.buyer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.catalog.Field;
import org.junit.jupiter.api.Test;

class TopicCatalogTest {

    @Test
    void detectsTopicsAndMapsThemToFields() {
        var topics = TopicCatalog.detectTopics("How tall is the ceiling and how many dock doors?");
        assertThat(topics).containsExactly(Topic.CEILING_HEIGHT, Topic.DOCK_DOORS);
        assertThat(TopicCatalog.fieldsFor(topics)).containsExactly(Field.CEILING_HEIGHT, Field.DOCK_DOORS);
        assertThat(TopicCatalog.fieldsFor(TopicCatalog.detectTopics("is subleasing allowed?"))).isEmpty();
    }

    @Test
    void autoMappingNeedsTwoKeywordHits() {
        assertThat(TopicCatalog.autoMapQuestionToFieldKey("Can trucks park overnight there?"))
                .contains(Field.OVERNIGHT_PARKING);
        assertThat(TopicCatalog.autoMapQuestionToFieldKey("what's the clear height in feet?"))
                .contains(Field.CEILING_HEIGHT);
        assertThat(TopicCatalog.autoMapQuestionToFieldKey("power?")).isEmpty();
        assertThat(TopicCatalog.autoMapQuestionToFieldKey("is it nice?")).isEmpty();
    }
}
