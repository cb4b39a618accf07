package dev.parley.application.playbook.outreach;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.embedding.MemoizingTextEmbedder;
import dev.parley.domain.alert.AlertSeverity;
import dev.parley.domain.conversation.TimelineEvent;
import dev.parley.domain.message.Direction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14's last line through the real pipeline (H2 file, MiniLM in process, the built-in heads): the safety
 * validator reads the learned heads for its categories, and each inbound message is embedded once.
 */
class ValidatorHeadsPipelineTest {
    static final String MATCH = "+15550123";
    @TempDir Path home;
    OutreachScenario s;
    long id;

    @BeforeEach
    void reachOut() {
        s = new OutreachScenario(home);
        id = s.start(MATCH, "Hi! We share a DNA match. Would you like to compare family trees?");
    }

    @AfterEach
    void close() {
        s.close();
    }

    private MemoizingTextEmbedder memo() {
        return (MemoizingTextEmbedder) s.parley.app.messageEmbeddings.embedder();
    }

    private List<TimelineEvent> decisions() {
        return s.detail(id).events().stream().filter(e -> e.type().equals("decision")).toList();
    }

    @Test
    void aCryForHelpNoLexiconKnowsIsRaisedByTheModelAndTheMessageIsEmbeddedOnce() {
        long callsBefore = memo().calls();
        s.inbound(MATCH, "I don't see any reason to stay anymore, nobody would even notice if I was gone");
        // One embedding for the validator; the outreach screen then read the stored vector instead of embedding again.
        assertThat(memo().calls() - callsBefore).isEqualTo(1);
        var d = s.detail(id);
        long inbound = d.messages().stream().filter(m -> m.direction() == Direction.IN).findFirst().orElseThrow().id();
        var stored = s.parley.app.transactions.inTransaction(
                store -> store.embeddings().ofMessages(List.of(inbound),
                        s.parley.app.messageEmbeddings.embedder().model()));
        assertThat(stored).containsKey(inbound);
        var decision = decisions().stream().filter(e -> e.detailJson().contains("\"direction\":\"inbound\""))
                .reduce((a, b) -> b).orElseThrow();
        assertThat(decision.detailJson()).contains("\"decision\":\"escalate\"")
                .contains("\"risk_categories\":[\"self_harm_triggers\"]")
                .contains("\"head\":\"self_harm\"").contains("\"tier\":\"critical\"")
                .doesNotContain("reason to stay");
        // Outreach's own critical alert stays first: one alert, the validator's escalation only recorded.
        assertThat(d.alerts()).singleElement()
                .satisfies(a -> assertThat(a.severity()).isEqualTo(AlertSeverity.CRITICAL));
        assertThat(d.conversation().state()).isEqualTo("HumanReview");
        var row = s.parley.app.transactions.inTransaction(store -> store.safetyDecisions().ofMessage(inbound));
        assertThat(row.toString()).contains("\"model\"").contains("self_harm");
    }

    @Test
    void aBenignIdiomIsDeliveredWithTheModelOn() {
        s.inbound(MATCH, "this traffic is killing me, but yes, happy to help! What would you like to know?");
        var decision = decisions().stream().filter(e -> e.detailJson().contains("\"direction\":\"inbound\""))
                .reduce((a, b) -> b).orElseThrow();
        // Not self-harm. (The financial-scam head scores this friendly line above its critical threshold: that head
        // only records, never decides alone; ADR 0019.)
        assertThat(decision.detailJson()).contains("\"decision\":\"deliver\"").contains("\"risk_categories\":[]")
                .doesNotContain("\"head\":\"self_harm\"");
        assertThat(s.detail(id).alerts()).isEmpty();
    }
}
