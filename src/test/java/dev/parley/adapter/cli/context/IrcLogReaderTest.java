package dev.parley.adapter.cli.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class IrcLogReaderTest {

    @Test
    void readsThe2019LinesWithTheDateOfTheFileNameAndRollsOverAtMidnight() throws Exception {
        var lines = IrcLogReader.read("2009-10-01_23", List.of(
                "[23:59] <ana> late question",
                "[23:59]  * ben yawns",
                "=== carl [~c@host] has joined #ubuntu",
                "[00:01] <ben> ana: go to bed"));
        assertThat(lines).extracting(IrcLine::kind).containsExactly(IrcLine.Kind.MESSAGE, IrcLine.Kind.ACTION,
                IrcLine.Kind.SYSTEM, IrcLine.Kind.MESSAGE);
        assertThat(lines.get(1).author()).isEqualTo("ben");
        assertThat(lines.get(1).text()).isEqualTo("yawns");
        assertThat(lines.get(0).at()).isEqualTo(Instant.parse("2009-10-01T23:59:00Z"));
        assertThat(lines.get(3).at()).isEqualTo(Instant.parse("2009-10-02T00:01:00Z"));
        assertThat(lines.get(3).text()).isEqualTo("ana: go to bed");
        assertThat(lines).extracting(IrcLine::index).containsExactly(0, 1, 2, 3);
    }

    @Test
    void morningTimesDoNotRollOverTheDay() throws Exception {
        var lines = IrcLogReader.read("2004-11-15_03", List.of("[03:00] <a> one", "[03:01] <b> two", "[02:59] <c> late"));
        assertThat(lines).extracting(IrcLine::at).containsExactly(Instant.parse("2004-11-15T03:00:00Z"),
                Instant.parse("2004-11-15T03:01:00Z"), Instant.parse("2004-11-15T02:59:00Z"));
    }

    @Test
    void readsThe2023LinesWithChannelDateSecondsTabsActionsAndBotNotices() throws Exception {
        var lines = IrcLogReader.read("rust.0", List.of(
                "rust 2018-05-29 [22:26:03] <kennytm> eval: \"aaaa\".splitn(0, 'a') ",
                "rust 2018-05-29 [22:26:06] -eval- SplitN(..) ",
                "rust 2018-05-29 [23:14:44] * Kingsquee pines ",
                "mediawiki 2013-01-26 [15:04:48] <MatmaRex>\t Nemo_bis: my pleasure  ",
                "ubuntu-meeting 2010-11-08 [13:21] <rodrigo_> the new panel? ",
                "ubuntu-meeting 2010-11-08 === yofel_ is now known as yofel "));
        assertThat(lines).extracting(IrcLine::kind).containsExactly(IrcLine.Kind.MESSAGE, IrcLine.Kind.NOTICE,
                IrcLine.Kind.ACTION, IrcLine.Kind.MESSAGE, IrcLine.Kind.MESSAGE, IrcLine.Kind.SYSTEM);
        assertThat(lines).extracting(IrcLine::author).containsExactly("kennytm", "eval", "Kingsquee", "MatmaRex",
                "rodrigo_", null);
        assertThat(lines.get(1).at()).isEqualTo(Instant.parse("2018-05-29T22:26:06Z"));
        assertThat(lines.get(3).text()).isEqualTo("Nemo_bis: my pleasure");
        assertThat(lines.get(4).at()).isEqualTo(Instant.parse("2010-11-08T13:21:00Z"));
    }

    @Test
    void aBadTimeNamesFileAndLine() {
        assertThatThrownBy(() -> IrcLogReader.read("x", List.of("[10:00] <a> ok", "[25:99] <b> no")))
                .isInstanceOf(IrcLogFormatException.class).hasMessage("x:2: bad time");
    }
}
