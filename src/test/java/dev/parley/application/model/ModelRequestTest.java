package dev.parley.application.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A request's task name: lower-case letters, digits and underscores, a letter first, at most 64 characters. */
class ModelRequestTest {
    @Test
    void acceptsTaskNamesOfTheDocumentedForm() {
        for (var task : List.of("a", "route", "classify_intent", "extract2", "a" + "b".repeat(63))) {
            assertThat(request(task).task()).isEqualTo(task);
        }
    }

    @Test
    void refusesAnyOtherTaskName() {
        for (var task : List.of("", "Route", "2extract", "_route", "route-intent", "route intent", "route\n",
                "a" + "b".repeat(64))) {
            assertThatThrownBy(() -> request(task)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("bad task name");
        }
    }

    private static ModelRequest request(String task) {
        return new ModelRequest(task, List.of(ChatMessage.user("hello")), false, null, null, null, null, () -> "{}");
    }
}
