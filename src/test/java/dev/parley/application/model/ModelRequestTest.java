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

    @Test
    void theHandWrittenCheckAgreesWithTheDocumentedExpression() {
        var documented = java.util.regex.Pattern.compile("[a-z][a-z0-9_]{0,63}");
        var random = new java.util.Random(17);
        String valid = "abz019_";
        String other = "AZ-. \n\u00e9\u0131\u017f`{/:@[";
        for (int i = 0; i < 20_000; i++) {
            var b = new StringBuilder();
            int length = random.nextInt(70);
            for (int j = 0; j < length; j++) {
                String from = random.nextInt(60) == 0 ? other : valid;
                b.append(from.charAt(random.nextInt(from.length())));
            }
            String task = b.toString();
            assertThat(ModelRequest.isTaskName(task)).as(task).isEqualTo(documented.matcher(task).matches());
        }
        for (var task : List.of("a".repeat(64), "a".repeat(65), "z9_", "a\u0000", "\u212a")) {
            assertThat(ModelRequest.isTaskName(task)).as(task).isEqualTo(documented.matcher(task).matches());
        }
    }

    private static ModelRequest request(String task) {
        return new ModelRequest(task, List.of(ChatMessage.user("hello")), false, null, null, null, null, () -> "{}");
    }
}
