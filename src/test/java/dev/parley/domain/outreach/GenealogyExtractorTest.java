package dev.parley.domain.outreach;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class GenealogyExtractorTest {

    private final GenealogyExtractor extractor = new GenealogyExtractor();

    @Test
    void marriageWithNamesYearAndPlace() {
        Extraction e = extractor.extract(
                "Hi! Yes, happy to help. My grandmother Mary O'Brien married John Walsh in Cork in 1911.");
        assertThat(e.names()).containsExactly("Mary O'Brien", "John Walsh");
        assertThat(e.years()).containsExactly(1911);
        assertThat(e.places()).containsExactly("Cork");
        assertThat(e.relationships()).containsExactly("grandmother");
        assertThat(e.events()).containsExactly(new LifeEvent(EventKind.MARRIAGE, Optional.of(1911),
                List.of("Mary O'Brien", "John Walsh"), Optional.of("Cork"), "in", Optional.of("grandmother")));
        assertThat(e.hasEntities()).isTrue();
    }

    @Test
    void twoEventsInOneSentenceKeepTheirOwnYearAndPlace() {
        Extraction e = extractor.extract("My great-grandfather Patrick McDonald was born in Sligo, Ireland in 1872"
                + " and emigrated to Boston in 1890.");
        assertThat(e.names()).containsExactly("Patrick McDonald");
        assertThat(e.places()).containsExactly("Sligo, Ireland", "Boston");
        assertThat(e.relationships()).containsExactly("great-grandfather");
        assertThat(e.events()).extracting(LifeEvent::kind, LifeEvent::year, LifeEvent::place)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(EventKind.BIRTH, Optional.of(1872), Optional.of("Sligo, Ireland")),
                        org.assertj.core.groups.Tuple.tuple(EventKind.EMIGRATION, Optional.of(1890), Optional.of("Boston")));
    }

    @Test
    void fullDatesAndYears() {
        Extraction e = extractor.extract("She was born on 12 March 1890 in County Cork, baptised March 16, 1890,"
                + " and the family moved in June 1901. Records say 1905-04-02 and 3/4/1920. Not 1599 or 2031.");
        assertThat(e.dates()).containsExactly("12 March 1890", "March 16, 1890", "June 1901", "1905-04-02", "3/4/1920");
        assertThat(e.years()).containsExactly(1890, 1901, 1905, 1920);
        assertThat(e.places()).containsExactly("County Cork");
    }

    @Test
    void namesWithPrefixesTitlesAndRelationshipLeads() {
        Extraction e = extractor.extract("Mrs Walsh lived in St. Louis with her cousin Bridget and James P. Kelly."
                + " Grandma Rose knew Angus MacLeod and Siobhan D'Arcy-Burke.");
        assertThat(e.names()).containsExactly("Mrs Walsh", "Bridget", "James P. Kelly", "Rose", "Angus MacLeod",
                "Siobhan D'Arcy-Burke");
        assertThat(e.places()).containsExactly("St. Louis");
    }

    @Test
    void sentenceStartersAndMonthsAreNotNames() {
        Extraction e = extractor.extract("Thanks so much! In March 1911 they married. The Irish side is a mystery.");
        assertThat(e.names()).isEmpty();
        assertThat(e.places()).isEmpty();
    }

    @Test
    void documentsPhotosAndOffers() {
        Extraction e = extractor.extract("We still have the family bible, her marriage certificate and a box of"
                + " letters. There is an original photo and a tintype too. I can scan them for you.");
        assertThat(e.documents()).containsExactly("family bible", "marriage certificate", "letters");
        assertThat(e.photos()).containsExactly("original photo", "tintype");
        assertThat(e.copyOffered()).isTrue();
        assertThat(extractor.extract("We have the family bible.").copyOffered()).isFalse();
    }

    @Test
    void relationshipsAlone() {
        Extraction e = extractor.extract("I think it's through my second cousin or my great-great-grandmother.");
        assertThat(e.relationships()).containsExactly("second cousin", "great-great-grandmother");
        assertThat(e.hasEntities()).isFalse();
    }

    @Test
    void nothingInSmallTalk() {
        assertThat(extractor.extract("Thanks, have a lovely day!")).isEqualTo(Extraction.empty());
        assertThat(extractor.extract(null)).isEqualTo(Extraction.empty());
    }

    @Test
    void mapForJson() {
        Map<String, Object> map = extractor.extract("Mary O'Brien was born in Cork in 1890.").toMap();
        assertThat(map).containsEntry("names", List.of("Mary O'Brien")).containsEntry("years", List.of(1890))
                .containsEntry("places", List.of("Cork")).containsEntry("copy_offered", false);
        assertThat(map.get("events")).isEqualTo(List.of(Map.of("kind", "birth", "year", 1890,
                "names", List.of("Mary O'Brien"), "place", "Cork", "place_preposition", "in")));
    }

    @Test
    void accumulatesOverAConversation() {
        Extraction first = extractor.extract("My grandmother was Mary O'Brien.");
        Extraction second = extractor.extract("She was born in Cork in 1890. Mary O'Brien had a sister.");
        Extraction both = first.plus(second);
        assertThat(both.names()).containsExactly("Mary O'Brien");
        assertThat(both.places()).containsExactly("Cork");
        assertThat(both.relationships()).containsExactly("grandmother", "sister");
    }
}
