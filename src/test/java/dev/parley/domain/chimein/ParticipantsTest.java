package dev.parley.domain.chimein;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ParticipantsTest {
    private final ChatFixture chat = new ChatFixture();
    private final ChatMessage ana = chat.say("ana", Duration.ofMinutes(5), "hello");
    private final ChatMessage ben = chat.say("Ben|away", Duration.ofMinutes(4), "hi");

    @Test
    void leadingNameWithColonOrCommaAndAtNamesAnywhereAreAddressees() {
        var p = Participants.of(chat.all(), BotIdentity.named("parley"));
        assertThat(p.addressedBy(msg("carl", "ana: try sudo"), null)).containsExactly("ana");
        assertThat(p.addressedBy(msg("carl", "ANA, try sudo"), null)).containsExactly("ana");
        assertThat(p.addressedBy(msg("carl", "ben|away: and you @ana?"), null)).containsExactly("Ben|away", "ana");
        assertThat(p.addressedBy(msg("carl", "@PARLEY what do you think"), null)).containsExactly("parley");
    }

    @Test
    void unknownNamesMailAddressesAndOnesOwnNameAreNot() {
        var p = Participants.of(chat.all(), BotIdentity.named("parley"));
        assertThat(p.addressedBy(msg("carl", "note: write to ana@example.org"), null)).isEmpty();
        assertThat(p.addressedBy(msg("ana", "ana: talking to myself"), null)).isEmpty();
        assertThat(p.addressesSomeone(msg("carl", "anyway, ana was right"))).isFalse();
    }

    @Test
    void aReplyAddressesTheAuthorOfItsParentAndChannelMentionsCount() {
        var p = Participants.of(chat.all(), BotIdentity.named("parley"));
        var reply = ChatMessage.of(9, "m9", "carl", "agreed", ChatFixture.NOW, ben.providerId(), false);
        assertThat(p.addressedBy(reply, id -> id.equals("m2") ? Optional.of(ben) : Optional.empty()))
                .containsExactly("Ben|away");
        var tagged = new ChatMessage(10, "m10", "carl", null, null, "see this", ChatFixture.NOW, null, null, false,
                List.of("ana"));
        assertThat(p.addressedBy(tagged, null)).containsExactly("ana");
    }

    private static ChatMessage msg(String sender, String text) {
        return ChatMessage.of(99, "m99", sender, text, ChatFixture.NOW, null, false);
    }
}
