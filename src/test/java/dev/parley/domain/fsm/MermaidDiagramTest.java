package dev.parley.domain.fsm;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class MermaidDiagramTest {

    @Test
    void rendersStatesEdgesTimersAndExpandsWildcard() {
        PlaybookDefinition def = new PlaybookDefinition("p", "p.json",
                List.of(new StateDef("Open", true, false, "Talking: mostly"),
                        new StateDef("Waiting", false, false, ""),
                        new StateDef("Done", false, true, "")),
                List.of(Transition.of("Open", "sent", "Waiting", "log"),
                        Transition.guarded("Waiting", "reply", "is_yes", "Open"),
                        Transition.of("Waiting", "timeout", "Done"),
                        Transition.of("*", "alert", "Done", "stop", "log")),
                List.of(new Timer("Waiting", Duration.ofDays(30), "timeout")));

        assertThat(MermaidDiagram.render(def)).isEqualTo("""
                stateDiagram-v2
                    Open : Talking - mostly
                    [*] --> Open
                    Open --> Waiting : sent / log
                    Waiting --> Open : reply if is_yes
                    Waiting --> Done : timeout after P30D
                    Open --> Done : alert / stop, log
                    Waiting --> Done : alert / stop, log
                    Done --> [*]
                """);
    }
}
