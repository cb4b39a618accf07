package dev.parley.domain.chimein.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.chimein.ContextWeightsFile;
import dev.parley.domain.chimein.BotIdentity;
import dev.parley.domain.chimein.ChatFixture;
import dev.parley.domain.chimein.ChatMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DefaultContextStrategyTest {
    private static final BotIdentity BOT = BotIdentity.named("bot");
    private final DefaultContextStrategy strategy = new DefaultContextStrategy(DefaultContextStrategy.DEFAULT_LOOKBACK,
            ContextWeightsFile.shipped());

    @Test
    void theSeedsRestaurantExampleSelectsABAndCEvenWithoutEmbeddings() {
        var chat = new ChatFixture();
        var a = chat.say("ana", Duration.ofDays(3), "We should look at the restaurant for the gathering");
        var b = chat.say("ben", Duration.ofDays(2), "Any thoughts?");
        var c = chat.say("carl", Duration.ofMinutes(10), "The thai restaurant on 10th Ave?");
        var d = chat.say("dana", Duration.ZERO, "@bot");
        var selection = strategy.select(query(d, chat.before(d), Optional.empty(), Similarity.none()));
        assertThat(selection.ids()).containsExactly(a.id(), b.id(), c.id());
        assertThat(kinds(selection, c)).contains(SelectionReason.Kind.RECENT);
        assertThat(kinds(selection, b)).containsExactly(SelectionReason.Kind.CONTINUATION);
    }

    @Test
    void unrelatedChatterBetweenTheTopicAndTheMentionIsLeftOutWhenMeaningSaysSo() {
        var chat = new ChatFixture();
        var a = chat.say("ana", Duration.ofDays(3), "We should look at the restaurant for the gathering");
        chat.say("ben", Duration.ofDays(2).plusHours(1), "did anyone see the match yesterday");
        chat.say("eve", Duration.ofDays(2), "what a goal in the second half");
        var c = chat.say("carl", Duration.ofMinutes(10), "The thai restaurant on 10th Ave?");
        var d = chat.say("dana", Duration.ZERO, "@bot what do you think?");
        var similar = Similarity.of(Map.of());
        Similarity sim = (x, y) -> (x.id() == a.id() && y.id() == c.id() || x.id() == c.id() && y.id() == a.id())
                ? 0.71 : 0.05;
        var selection = strategy.select(query(d, chat.before(d), Optional.empty(), sim));
        assertThat(selection.ids()).containsExactly(a.id(), c.id());
        assertThat(selection.selected().getFirst().reasons())
                .containsExactly(new SelectionReason(SelectionReason.Kind.SIMILARITY, 0.71));
        assertThat(similar.between(a, c)).isZero();
    }

    @Test
    void aReplyIsAboutItsAnchorHoweverOldAndItsReplyChain() {
        var chat = new ChatFixture();
        var question = chat.say("ana", Duration.ofDays(40), "Where do we put the spare keys?");
        var answer = chat.reply("ben", Duration.ofDays(39), "In the blue box by the door", question);
        var other = chat.reply("carl", Duration.ofDays(39), "or under the mat", question);
        for (int i = 30; i >= 1; i--) chat.say("eve", Duration.ofMinutes(i), "unrelated " + i);
        var trigger = chat.reply("dana", Duration.ZERO, "@bot is this still true?", answer);
        var recent = chat.before(trigger).subList(chat.before(trigger).size() - 20, chat.before(trigger).size());
        var selection = strategy.select(new ContextQuery(trigger, recent, Optional.of(answer),
                List.of(question, other), BOT, Similarity.none()));
        assertThat(selection.ids()).containsExactly(question.id(), answer.id());
        assertThat(kinds(selection, answer)).containsExactly(SelectionReason.Kind.ANCHOR);
        assertThat(kinds(selection, question)).containsExactly(SelectionReason.Kind.REPLY_CHAIN);
    }

    @Test
    void aMessageToSomeoneInTheConversationIsAboutTheirWordsToTheAuthor() {
        var chat = new ChatFixture();
        var question = chat.say("ana", Duration.ofMinutes(6), "how do I mount a usb disk?");
        var answer = chat.say("ben", Duration.ofMinutes(5), "ana: try sudo mount /dev/sdb1 /mnt");
        chat.say("ben", Duration.ofMinutes(4), "carl: no, that is the other cable");
        chat.say("eve", Duration.ofMinutes(1), "anyone using the new kernel?");
        var trigger = chat.say("ana", Duration.ZERO, "ben: it says permission denied");
        var selection = strategy.select(query(trigger, chat.before(trigger), Optional.empty(), Similarity.none()));
        assertThat(selection.ids()).containsExactly(answer.id());
        assertThat(kinds(selection, answer)).containsExactly(SelectionReason.Kind.ADDRESSEE);
        assertThat(question.id()).isLessThan(answer.id());
    }

    @Test
    void aShortAnswerToAnOngoingExchangeStaysNarrow() {
        var chat = new ChatFixture();
        chat.say("eve", Duration.ofMinutes(9), "my wifi drops every hour");
        var ask = chat.say("ben", Duration.ofMinutes(3), "ana: did you reboot?");
        var trigger = chat.say("ana", Duration.ZERO, "ben: yes");
        var selection = strategy.select(query(trigger, chat.before(trigger), Optional.empty(), Similarity.none()));
        assertThat(selection.ids()).containsExactly(ask.id());
    }

    @Test
    void selectingIsDeterministicAndNeverIncludesTheMention() {
        var chat = new ChatFixture();
        for (int i = 30; i >= 1; i--) chat.say(i % 3 == 0 ? "ana" : "ben", Duration.ofMinutes(i), "msg " + i);
        var trigger = chat.say("carl", Duration.ZERO, "@bot what do you think?");
        var q = query(trigger, chat.before(trigger), Optional.empty(), Similarity.none());
        assertThat(strategy.select(q)).isEqualTo(strategy.select(q));
        assertThat(strategy.select(q).ids()).doesNotContain(trigger.id()).hasSizeLessThanOrEqualTo(8);
    }

    @Test
    void aQuestionAboutThePlanWithNoReplyAnchorSelectsTheTopicsMessages() {
        var chat = new ChatFixture();
        chat.say("eve", Duration.ofHours(3), "morning all");
        var a = chat.say("ana", Duration.ofHours(2), "Should we do the team dinner on Friday at the thai place?");
        var b = chat.say("ben", Duration.ofMinutes(110), "ana: Friday works for me, 7pm?");
        var c = chat.say("carl", Duration.ofMinutes(100), "ana: 7pm at the thai place is good, I can book it");
        var trigger = chat.say("dana", Duration.ZERO, "@bot what's the plan?");
        var topic = java.util.Set.of(a.id(), b.id(), c.id());
        Similarity sim = (x, y) -> topic.contains(x.id()) && topic.contains(y.id()) ? 0.55 : 0.05;
        var selection = strategy.select(query(trigger, chat.before(trigger), Optional.empty(), sim));
        assertThat(selection.ids()).containsExactlyInAnyOrder(a.id(), b.id(), c.id());

        var decided = chat.say("eve", Duration.ZERO, "@bot what did we decide?");
        var again = strategy.select(query(decided, chat.before(decided), Optional.empty(), sim));
        assertThat(again.ids()).contains(a.id(), b.id(), c.id());
    }

    @Test
    void aSecondMentionAfterTheBotAnsweredIsAboutTheConversationNotMainlyTheAnswer() {
        var chat = new ChatFixture();
        var a = chat.say("ana", Duration.ofMinutes(30), "Should we move the standup to 10am?");
        var b = chat.say("ben", Duration.ofMinutes(28), "ana: 10 is fine, but not on Mondays");
        var ask = chat.say("carl", Duration.ofMinutes(20), "@bot what do you think?");
        var answer = chat.bot("bot", Duration.ofMinutes(19), "10am except Mondays seems to suit everyone.", ask);
        var trigger = chat.say("dana", Duration.ZERO, "@bot so what did we decide?");
        var topic = java.util.Set.of(a.id(), b.id(), answer.id());
        Similarity sim = (x, y) -> topic.contains(x.id()) && topic.contains(y.id()) ? 0.6 : 0.05;
        var selection = strategy.select(query(trigger, chat.before(trigger), Optional.empty(), sim));
        assertThat(selection.ids()).contains(a.id(), b.id()).doesNotContain(answer.id());
    }

    private static List<SelectionReason.Kind> kinds(ContextSelection s, ChatMessage m) {
        return s.selected().stream().filter(x -> x.message().id() == m.id()).findFirst().orElseThrow()
                .reasons().stream().map(SelectionReason::kind).toList();
    }

    private static ContextQuery query(ChatMessage trigger, List<ChatMessage> recent, Optional<ChatMessage> anchor,
                                      Similarity similarity) {
        return new ContextQuery(trigger, recent, anchor, List.of(), BOT, similarity);
    }
}
