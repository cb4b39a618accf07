package dev.parley.application.alerts.training;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SelfHarmCuesTest {
    @Test
    void explicitStatementsAreCuesEverydaySentencesAreNot() {
        assertThat(SelfHarmCues.explicit("I’ve been thinking about ending it all recently")).isTrue();
        assertThat(SelfHarmCues.explicit("I don't want to live anymore")).isTrue();
        assertThat(SelfHarmCues.explicit("i cant go on like this")).isTrue();
        assertThat(SelfHarmCues.explicit("I can't go on")).isTrue();
        assertThat(SelfHarmCues.explicit("I work a job I don't particularly dislike")).isFalse();
    }
}
