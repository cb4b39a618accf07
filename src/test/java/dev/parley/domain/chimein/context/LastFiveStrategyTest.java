package dev.parley.domain.chimein.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatFixture;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LastFiveStrategyTest {
    @Test
    void theFiveMessagesBeforeTheMentionWhateverTheyAre() {
        var chat = new ChatFixture();
        for (int i = 8; i >= 1; i--) chat.say("ana", Duration.ofDays(i), "m" + i);
        var trigger = chat.say("ben", Duration.ZERO, "@bot");
        var selection = new LastFiveStrategy().select(new ContextQuery(trigger, chat.before(trigger),
                Optional.empty(), List.of(), BotIdentity.named("bot"), Similarity.none()));
        assertThat(selection.ids()).containsExactly(4L, 5L, 6L, 7L, 8L);
    }
}
