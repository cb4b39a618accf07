package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.alerts.AlertModelFile;
import dev.parley.application.JsonMappers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parley train alerts} end to end on a small data folder written here (texts made up for the test, laid out
 * as the shared data is): it trains, writes a model Parley can load, and retraining gives the same bytes.
 */
class TrainAlertsCommandTest {
    @TempDir Path dir;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private static final List<String> ORDINARY = List.of("see you at the station at %d", "can you grab milk on the way, %d",
            "the meeting moved to %d pm", "thanks for dinner, it was lovely %d", "running late, there in %d minutes",
            "did you watch the game last night? %d", "happy birthday! have a great %d", "I left the keys on the desk %d");
    private static final List<String> SPAM = List.of("WINNER! You have won a %d pound prize, call now to claim",
            "URGENT: your account is suspended, send %d to unlock it", "Free entry to win %d cash, text WIN now");
    private static final List<String> HATE = List.of("I hate all of you people, get out of my country %d",
            "you people are vermin and deserve nothing %d", "those people are animals, every one of them %d");
    private static final List<String> SUICIDE = List.of(
            "I want to end my life. I have been thinking about it for weeks. Nobody would notice %d.",
            "I can't go on anymore. I wrote the note tonight. Work was fine today %d.",
            "I keep thinking about killing myself. The pills are in the drawer. It rained all day %d.");
    private static final List<String> TEEN = List.of(
            "Exams are next week. I need to study chemistry. Wish me luck %d.",
            "My dog learned a new trick. He can roll over now. So proud %d.",
            "Anyone else love pizza? Pineapple is fine. Fight me %d.");

    private Path dataFolder() throws Exception {
        var data = dir.resolve("data");
        Files.createDirectories(data.resolve("sms-spam-uci"));
        Files.createDirectories(data.resolve("hate-speech-offensive"));
        Files.createDirectories(data.resolve("selfharm-dev"));
        Files.createDirectories(data.resolve("sms-india"));
        Files.createDirectories(data.resolve("irc-disentanglement"));
        var india = new StringBuilder("Msg,Label\n");
        var irc = new StringBuilder();
        var sms = new StringBuilder();
        var tweets = new StringBuilder(",count,hate_speech,offensive_language,neither,class,tweet\n");
        var posts = new StringBuilder("class,text\n");
        int row = 0;
        for (int i = 0; i < 6; i++) {
            for (var s : ORDINARY) {
                sms.append("ham\t").append(s.formatted(i)).append('\n');
                tweets.append(row++).append(",3,0,0,3,2,\"").append(s.formatted(i + 100)).append("\"\n");
            }
            for (var s : SPAM) sms.append("spam\t").append(s.formatted(i)).append('\n');
            for (var s : ORDINARY) india.append("\"").append(s.formatted(i + 200)).append("\",ham\n");
            india.append("Claim your FREE ").append(i).append("GB data now! Click http://x.example/").append(i)
                    .append(",spam\n");
            for (var s : ORDINARY) {
                irc.append("{\"kind\": \"message\", \"text\": \"").append(s.formatted(i + 300)).append("\"}\n");
            }
            irc.append("{\"kind\": \"system\", \"text\": \"=== someone joined\"}\n");
            for (var s : HATE) tweets.append(row++).append(",3,3,0,0,0,\"").append(s.formatted(i)).append("\"\n");
            tweets.append(row++).append(",3,0,3,0,1,\"").append("this stupid game is trash " + i).append("\"\n");
            for (var s : SUICIDE) posts.append("suicide,\"").append(s.formatted(i)).append("\"\n");
            for (var s : TEEN) posts.append("non-suicide,\"").append(s.formatted(i)).append("\"\n");
        }
        Files.writeString(data.resolve("sms-spam-uci/SMSSpamCollection.tsv"), sms);
        Files.writeString(data.resolve("hate-speech-offensive/labeled_data.csv"), tweets);
        Files.writeString(data.resolve("selfharm-dev/suicide-watch-sample.csv"), posts);
        Files.writeString(data.resolve("sms-india/spam_ham_india.csv"), india);
        Files.writeString(data.resolve("irc-disentanglement/dev.jsonl"), irc);
        return data;
    }

    @Test
    void trainsAModelParleyLoadsAndRetrainingGivesTheSameFile() throws Exception {
        var data = dataFolder();
        var first = dir.resolve("first.json");
        var second = dir.resolve("second.json");
        var home = dir.resolve("home");

        assertThat(run("train", "alerts", "--data", data.toString(), "--out", first.toString(), "--home",
                home.toString())).as(err.toString()).isZero();
        var summary = JsonMappers.PLAIN.readTree(out.toString());
        assertThat(summary.at("/heads/self_harm/critical/threshold").asDouble()).isBetween(0.0, 1.0);
        assertThat(summary.get("embedded").asLong()).isPositive();
        assertThat(err.toString()).contains("reddit fold 1/5").contains("irc held out");
        assertThat(out.toString() + err.toString()).doesNotContain("pineapple").doesNotContain("pills");

        assertThat(run("train", "alerts", "--data", data.toString(), "--out", second.toString(), "--home",
                home.toString(), "--threads", "1")).as(err.toString()).isZero();
        assertThat(JsonMappers.PLAIN.readTree(out.toString()).get("embedded").asLong())
                .as("every text came from the cache the first run filled").isZero();
        assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));

        var model = AlertModelFile.load(java.util.Optional.of(first));
        assertThat(model.heads().heads()).hasSize(4);
        assertThat(model.provenance().dataSha256()).containsKey("selfharm-dev/suicide-watch-sample.csv");
        assertThat(model.provenance().rowsPerSource()).containsKeys("sms_ham", "post_suicide", "india_ham", "irc");
        assertThat(model.provenance().rowsPerSource()).doesNotContainKey("irc_system");
        assertThat(summary.at("/heads/financial_scam/critical/recall_per_source").has("india_spam")).isTrue();
        assertThat(summary.at("/heads/self_harm/in_sample_critical/false_alarm_rate").has("irc")).isTrue();
        assertThat(summary.at("/heads/self_harm/first_sentence_critical/recall").isNumber()).isTrue();
    }

    @Test
    void aMissingDataFileOrABadOptionExitsTwoWithOneLine() throws Exception {
        assertThat(run("train", "alerts", "--data", dir.toString(), "--home", dir.toString())).isEqualTo(2);
        assertThat(err.toString().strip()).startsWith("parley train alerts: missing ")
                .contains("SMSSpamCollection.tsv").doesNotContain("\n");

        var data = dataFolder();
        Files.writeString(data.resolve("sms-spam-uci/SMSSpamCollection.tsv"), "ham\tok\nmaybe\tbroken\n");
        assertThat(run("train", "alerts", "--data", data.toString(), "--home", dir.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("sms-spam-uci/SMSSpamCollection.tsv: line 2");
        assertThat(run("train", "alerts", "--data", data.toString(), "--threads", "0")).isEqualTo(2);
        assertThat(run("train", "alerts", "--data", data.toString(), "--embedder", "gpt-9")).isEqualTo(2);
        assertThat(err.toString()).contains("--embedder must be one of all-minilm-l6-v2-q");
        assertThat(run("train", "alerts", "--data", data.toString(), "--sample", "4")).isEqualTo(2);
        assertThat(err.toString()).contains("--sample needs --out");
    }
}
