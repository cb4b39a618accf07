package dev.parley.domain.fsm;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TemplatesTest {

    private final Templates templates = new Templates(Map.of("hi", "Hi {name}, about {thing} ($1)."));

    @Test
    void rendersPlaceholders() {
        assertThat(templates.render("hi", Map.of("name", "Mary", "thing", "the {bible}")))
                .isEqualTo("Hi Mary, about the {bible} ($1).");
        assertThat(templates.placeholders("hi")).containsExactly("name", "thing");
    }

    @Test
    void missingValueOrTemplateFailsLoudly() {
        assertThatThrownBy(() -> templates.render("hi", Map.of("name", "Mary")))
                .hasMessage("template 'hi': no value for placeholder {thing}");
        assertThatThrownBy(() -> templates.render("bye", Map.of())).hasMessage("unknown template 'bye'");
    }

    @Test
    void settingsAccessors() {
        PlaybookSettings settings = new PlaybookSettings(Map.of("on", true, "after", "P14D"));
        assertThat(settings.flag("on", false)).isTrue();
        assertThat(settings.flag("absent", false)).isFalse();
        assertThat(settings.duration("after", Duration.ZERO)).isEqualTo(Duration.ofDays(14));
        assertThatThrownBy(() -> settings.flag("after", false)).isInstanceOf(IllegalArgumentException.class);
    }
}
