package dev.parley.adapter.cli.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.chimein.context.LastFiveStrategy;
import dev.parley.domain.chimein.context.SeedTimeGapStrategy;
import org.junit.jupiter.api.Test;

class ContextEvaluationTest {

    @Test
    void everyAnnotatedMessageThatAddressesSomeoneWhoSpokeIsAMention() throws Exception {
        var evaluation = ContextEvaluation.of(AnnotatedLog.readFolder(AnnotatedLogTest.MIXED), 20);
        // ubuntu: lines 2 (ana:), 4 (ben:), 6 (ana,), 7 (ben:); rust: 3 (kenny:), 5 (las:); not 0 or 5 (nobody)
        assertThat(evaluation.mentions()).extracting(m -> m.log().name() + ":" + m.trigger().id())
                .containsExactly("2020-01-01_10:2", "2020-01-01_10:4", "2020-01-01_10:6", "2020-01-01_10:7",
                        "rust.0:3", "rust.0:5");
    }

    @Test
    void figuresAreMicroAveragedOverMentions() throws Exception {
        var evaluation = ContextEvaluation.of(AnnotatedLog.readFolder(AnnotatedLogTest.MIXED), 20);
        // last5 selects the messages before each mention: 1, 3, 5, 5, 3, 4 = 21 selections; gold parents 6, all
        // among them; earlier conversation lines 1+2+3+4+2+2 = 14, found 1+2+3+4+1+2 = 13 (rust 3's parent 0 and
        // 1; kenny's conversation is 0, 1).
        var figures = evaluation.run(new LastFiveStrategy(), null, null);
        assertThat(figures.messages()).isEqualTo(6);
        assertThat(figures.recall()).isEqualTo(1.0);
        assertThat(figures.precision()).isEqualTo(6.0 / 21);
        assertThat(figures.asJson().keySet()).containsExactly("strategy", "messages", "precision", "recall", "f1",
                "conversation_recall");
        var seed = evaluation.run(new SeedTimeGapStrategy(), null, null);
        assertThat(seed.strategy()).isEqualTo("seed");
    }

    @Test
    void baselinesPickThePreviousMessageOrTheAddressedNicksLast() throws Exception {
        var evaluation = ContextEvaluation.of(AnnotatedLog.readFolder(AnnotatedLogTest.MIXED), 20);
        var baselines = BaselineStrategies.all(20);
        // previous: right for ubuntu 2 (0) and 7 (6) and rust 5 (3; the nick change is not a message); wrong where an
        // action or another person's line comes between (ubuntu 4 and 6, rust 3).
        var previous = evaluation.run(baselines.get(0), null, null);
        assertThat(previous.strategy()).isEqualTo(BaselineStrategies.PREVIOUS);
        assertThat(previous.precision()).isEqualTo(3.0 / 6);
        assertThat(previous.recall()).isEqualTo(3.0 / 6);
        // addressee: the addressed nick's last line is the parent everywhere but rust 3, where kenny's last line is
        // an action ("kenny pines"), not the "eval" line las answers.
        var addressee = evaluation.run(baselines.get(1), null, null);
        assertThat(addressee.strategy()).isEqualTo(BaselineStrategies.ADDRESSEE);
        assertThat(addressee.precision()).isEqualTo(5.0 / 6);
        assertThat(addressee.recall()).isEqualTo(5.0 / 6);
    }
}
