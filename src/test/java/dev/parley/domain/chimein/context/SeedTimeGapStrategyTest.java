package dev.parley.domain.chimein.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatFixture;
import dev.parley.domain.chimein.ChatMessage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SeedTimeGapStrategyTest {
    private static final BotIdentity BOT = BotIdentity.named("bot");
    private final SeedTimeGapStrategy seed = new SeedTimeGapStrategy();

    @Test
    void theSeedsRestaurantExampleKeepsOnlyC() {
        var chat = new ChatFixture();
        chat.say("ana", Duration.ofDays(3), "We should look at the restaurant for the gathering");
        chat.say("ben", Duration.ofDays(2), "Any thoughts?");
        var c = chat.say("carl", Duration.ofMinutes(10), "The thai restaurant on 10th Ave?");
        var d = chat.say("dana", Duration.ZERO, "@bot");
        var selection = seed.select(query(d, chat.before(d), Optional.empty()));
        // The seed's own Scenario A: "Context is [C, D]. Msg A and B are correctly ignored."
        assertThat(selection.ids()).containsExactly(c.id());
        assertThat(selection.selected().getFirst().reasons())
                .containsExactly(SelectionReason.of(SelectionReason.Kind.TIME_CLUSTER));
    }

    @Test
    void aGapOfExactlyTheThresholdIsKeptALongerOneStops() {
        var chat = new ChatFixture();
        var dropped = chat.say("ana", Duration.ofMinutes(180).plusSeconds(1), "a minute and a second too far");
        var first = chat.say("carl", Duration.ofMinutes(120), "exactly an hour before the next");
        var kept = chat.say("ben", Duration.ofMinutes(60), "exactly an hour before the mention");
        var trigger = chat.say("dana", Duration.ZERO, "@bot ^");
        var selection = seed.select(query(trigger, chat.before(trigger), Optional.empty()));
        assertThat(selection.ids()).containsExactly(first.id(), kept.id()).doesNotContain(dropped.id());
    }

    @Test
    void onlyTheLastTwentyMessagesAreLookedAtButTheAnchorIsFetchedHoweverOld() {
        var chat = new ChatFixture();
        var anchor = chat.say("ana", Duration.ofDays(30), "the original question");
        for (int i = 25; i >= 1; i--) chat.say("ben", Duration.ofMinutes(i), "chatter " + i);
        var trigger = chat.reply("carl", Duration.ZERO, "@bot help with this", anchor);
        var selection = seed.select(query(trigger, chat.before(trigger), Optional.of(anchor)));
        assertThat(selection.selected()).hasSize(21);
        assertThat(selection.selected().getFirst().message()).isEqualTo(anchor);
        assertThat(selection.selected().getFirst().isAnchor()).isTrue();
        assertThat(selection.selected().get(1).message().text()).isEqualTo("chatter 20");
    }

    @Test
    void theThresholdIsConfigurable() {
        var chat = new ChatFixture();
        var older = chat.say("ana", Duration.ofMinutes(100), "earlier");
        var trigger = chat.say("ben", Duration.ZERO, "@bot");
        assertThat(new SeedTimeGapStrategy(Duration.ofMinutes(120)).select(query(trigger, List.of(older),
                Optional.empty())).ids()).containsExactly(older.id());
        assertThat(seed.select(query(trigger, List.of(older), Optional.empty())).isEmpty()).isTrue();
    }

    static ContextQuery query(ChatMessage trigger, List<ChatMessage> recent, Optional<ChatMessage> anchor) {
        return new ContextQuery(trigger, recent, anchor, List.of(), BOT, Similarity.none());
    }
}
