package dev.parley.adapter.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A search word becomes an index range (a literal prefix) or an equality; anything but letters and digits is refused. */
class SearchPlanTest {
    @Test
    void aWordIsAPrefixFromThreeCharactersAndAnEqualityBelow() {
        assertThat(SearchPlan.match("t", "grandm")).isEqualTo("t.term like 'grandm%'");
        assertThat(SearchPlan.match("t", "ab")).isEqualTo("t.term = 'ab'");
        assertThat(SearchPlan.match("t", "müller")).isEqualTo("t.term like 'müller%'");
        assertThat(SearchPlan.match("t", "0322")).isEqualTo("t.term like '0322%'");
    }

    @Test
    void whatIsNotASearchWordNeverReachesTheSql() {
        for (var bad : new String[] {"o'brien", "a%", "x_y", "1' or '1'='1", "two words", ""}) {
            assertThatThrownBy(() -> SearchPlan.match("t", bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        for (var query : new String[] {"O'Brien", "100% sure", "x_y", "1' or '1'='1"}) {
            SearchTerms.query(query).forEach(word -> assertThat(SearchPlan.match("t", word)).as(query).isNotNull());
        }
    }
}
