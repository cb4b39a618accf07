package dev.parley.application.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.embedding.MiniLmTextEmbedder;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.alert.learned.AlertHead;
import dev.parley.domain.alert.learned.AlertHeads;
import dev.parley.domain.alert.learned.DevFigures;
import dev.parley.domain.alert.learned.HeadThresholds;
import dev.parley.domain.alert.learned.ModelProvenance;
import dev.parley.domain.alert.learned.ScoreHistogram;
import dev.parley.domain.alert.learned.TierFigures;
import dev.parley.domain.alert.learned.TrainedAlertModel;
import dev.parley.domain.conversation.ConversationAlert;
import dev.parley.domain.message.Direction;
import dev.parley.domain.message.Message;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 35: a model alert says in words which part of the message drove it: the sentence window its head scores
 * highest. The head here is made by hand (its weights point at one sentence's vector), so what must win is known.
 */
class AlertExplanationsTest {
    static final MiniLmTextEmbedder EMBEDDER = new MiniLmTextEmbedder();

    static LearnedAlerts learned() {
        float[] toward = EMBEDDER.embed("tonight is the night, I have written the goodbye letters").vector();
        float[] weights = new float[toward.length];
        for (int i = 0; i < weights.length; i++) weights[i] = 12 * toward[i];
        var tier = new TierFigures(0.5, 0, Map.of(), Map.of());
        var head = new AlertHead("self_harm", true, weights, -6, new HeadThresholds(0.9, 0.5),
                new DevFigures("test", 0, tier, tier, 0.5, null, null, tier, tier),
                new ScoreHistogram(-12, 0.1, List.of(0), Map.of()));
        var heads = new AlertHeads(EMBEDDER.model(), EMBEDDER.dimensions(), List.of(head));
        return LearnedAlerts.of(new TrainedAlertModel(heads, new ModelProvenance("test", Map.of(), 5, 1e-4, Map.of(),
                "", "", "")), EMBEDDER, Map.of());
    }

    static ConversationAlert alert(long id, Long messageId, List<String> patterns) {
        return new ConversationAlert(id, 1, 1, messageId, AlertSeverity.WARNING, List.of("self_harm"), patterns,
                "model", ConversationAlert.OPEN, Instant.EPOCH, null, null, null, ConversationAlert.Handling.NONE);
    }

    static Message message(long id, String text) {
        return new Message(id, 1, Direction.IN, "p" + id, text, null, null, Instant.EPOCH, "RECEIVED", null);
    }

    @Test
    void theHighestScoringSentenceOfAModelAlertIsNamed() {
        var explanations = new AlertExplanations(learned());
        var text = "Thanks so much for the photos of the farm. My aunt Nora sends her love to everyone. "
                + "I can't do this anymore, the letters are written and tonight is the night.";
        var found = explanations.of(List.of(alert(7, 3L, List.of("model:self_harm")),
                alert(8, 3L, List.of("self_harm.1")), alert(9, null, List.of("model:self_harm"))),
                List.of(message(3, text)));
        assertThat(found).containsOnlyKeys(7L);
        var why = found.get(7L).getFirst();
        assertThat(why.category()).isEqualTo("self_harm");
        assertThat(why.window()).contains("tonight is the night").doesNotContain("photos");
        assertThat(why.windows()).isEqualTo(3);
        assertThat(why.text()).startsWith("self_harm: the part that scored highest (").contains("of 3 parts")
                .contains("tonight is the night");
    }

    @Test
    void aOneSentenceMessageIsItsOwnPartAndNoModelMeansNoExplanation() {
        var why = new AlertExplanations(learned()).of(List.of(alert(1, 2L, List.of("model:self_harm"))),
                List.of(message(2, "Nobody would even notice if I was gone"))).get(1L).getFirst();
        assertThat(why.windows()).isEqualTo(1);
        assertThat(why.text()).startsWith("self_harm: the whole message scored ").endsWith("(one sentence)");
        assertThat(AlertExplanations.none().of(List.of(alert(1, 2L, List.of("model:self_harm"))),
                List.of(message(2, "hello")))).isEmpty();
        assertThat(new AlertExplanations(LearnedAlerts.off(EMBEDDER)).of(List.of(alert(1, 2L,
                List.of("model:self_harm"))), List.of(message(2, "hello")))).isEmpty();
    }
}
