package dev.parley.application.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.application.ManualClock;
import dev.parley.application.model.ModelHealth.State;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The circuit breaker around the configured model: closed, open after failures in a row, one trial when half open. */
class CircuitBreakingModelTest {
    static final Instant START = Instant.parse("2026-03-01T10:00:00Z");
    final ManualClock clock = new ManualClock(START);
    final ScriptedModel inner = new ScriptedModel();
    final CircuitBreakingModel breaker = new CircuitBreakingModel(inner, 3, Duration.ofSeconds(60), clock);
    final List<ModelHealth> changes = new ArrayList<>();

    CircuitBreakingModelTest() {
        breaker.onChange(changes::add);
    }

    /** Answers or fails as scripted, one step per call; counts the calls it got. */
    static final class ScriptedModel implements LanguageModel {
        final Deque<Supplier<ModelResponse>> steps = new ArrayDeque<>();
        int calls;

        ScriptedModel then(Supplier<ModelResponse> step) {
            steps.add(step);
            return this;
        }

        ScriptedModel fails(int times) {
            for (int i = 0; i < times; i++) {
                then(() -> {
                    throw new ModelException(ModelException.Outcome.HTTP_ERROR, "HTTP 503");
                });
            }
            return this;
        }

        ScriptedModel answers(int times) {
            for (int i = 0; i < times; i++) then(() -> new ModelResponse("ok", "m", null, null));
            return this;
        }

        @Override
        public String provider() {
            return "openai";
        }

        @Override
        public String model() {
            return "m";
        }

        @Override
        public ModelResponse complete(ModelRequest request) {
            calls++;
            return steps.removeFirst().get();
        }
    }

    static ModelRequest request() {
        return ModelRequest.of("reply", List.of(ChatMessage.user("hello")), () -> "offline");
    }

    void failsWith(ModelException.Outcome outcome) {
        assertThatThrownBy(() -> breaker.complete(request())).isInstanceOfSatisfying(ModelException.class,
                e -> assertThat(e.outcome()).isEqualTo(outcome));
    }

    @Test
    void opensAfterThresholdFailuresInARowAndThenFailsFastWithoutCallingTheModel() {
        inner.fails(3);
        failsWith(ModelException.Outcome.HTTP_ERROR);
        failsWith(ModelException.Outcome.HTTP_ERROR);
        assertThat(breaker.health().state()).isEqualTo(State.CLOSED);
        assertThat(breaker.health().lastError()).isEqualTo("http_error");
        failsWith(ModelException.Outcome.HTTP_ERROR);

        assertThat(breaker.health().state()).isEqualTo(State.OPEN);
        assertThat(breaker.health().since()).isEqualTo(START);
        clock.advance(Duration.ofSeconds(59));
        failsWith(ModelException.Outcome.CIRCUIT_OPEN);
        assertThat(inner.calls).as("an open circuit does not call the model").isEqualTo(3);
        assertThat(changes).extracting(ModelHealth::state).containsExactly(State.OPEN);
    }

    @Test
    void aSuccessInBetweenStartsTheCountAgain() {
        inner.fails(2).answers(1).fails(2);
        failsWith(ModelException.Outcome.HTTP_ERROR);
        failsWith(ModelException.Outcome.HTTP_ERROR);
        assertThat(breaker.complete(request()).content()).isEqualTo("ok");
        failsWith(ModelException.Outcome.HTTP_ERROR);
        failsWith(ModelException.Outcome.HTTP_ERROR);
        assertThat(breaker.health().state()).isEqualTo(State.CLOSED);
        assertThat(changes).isEmpty();
    }

    @Test
    void afterTheOpenTimeOneTrialIsLetThroughAndItsSuccessClosesTheCircuit() {
        inner.fails(3).answers(2);
        for (int i = 0; i < 3; i++) failsWith(ModelException.Outcome.HTTP_ERROR);
        clock.advance(Duration.ofSeconds(60));

        assertThat(breaker.complete(request()).content()).isEqualTo("ok");
        assertThat(breaker.health().state()).isEqualTo(State.CLOSED);
        assertThat(breaker.health().lastError()).isNull();
        assertThat(changes).extracting(ModelHealth::state).containsExactly(State.OPEN, State.HALF_OPEN, State.CLOSED);
        assertThat(changes.get(1).since()).isEqualTo(START.plusSeconds(60));
        assertThat(breaker.complete(request()).content()).isEqualTo("ok");
    }

    @Test
    void aFailedTrialOpensTheCircuitForAnotherPeriod() {
        inner.fails(4);
        for (int i = 0; i < 3; i++) failsWith(ModelException.Outcome.HTTP_ERROR);
        clock.advance(Duration.ofSeconds(61));

        failsWith(ModelException.Outcome.HTTP_ERROR);
        assertThat(breaker.health().state()).isEqualTo(State.OPEN);
        assertThat(breaker.health().since()).isEqualTo(START.plusSeconds(61));
        clock.advance(Duration.ofSeconds(30));
        failsWith(ModelException.Outcome.CIRCUIT_OPEN);
        assertThat(inner.calls).isEqualTo(4);
        assertThat(changes).extracting(ModelHealth::state).containsExactly(State.OPEN, State.HALF_OPEN, State.OPEN);
    }

    @Test
    void whileTheTrialRunsOtherCallsAreRefused() throws Exception {
        var trialStarted = new CountDownLatch(1);
        var finishTrial = new CountDownLatch(1);
        inner.fails(3).then(() -> {
            trialStarted.countDown();
            try {
                finishTrial.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new ModelResponse("trial", "m", null, null);
        });
        for (int i = 0; i < 3; i++) failsWith(ModelException.Outcome.HTTP_ERROR);
        clock.advance(Duration.ofSeconds(60));

        var trial = CompletableFuture.supplyAsync(() -> breaker.complete(request()));
        assertThat(trialStarted.await(10, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> breaker.complete(request())).isInstanceOfSatisfying(ModelException.class, e -> {
            assertThat(e.outcome()).isEqualTo(ModelException.Outcome.CIRCUIT_OPEN);
            assertThat(e.getMessage()).contains("half open");
        });
        finishTrial.countDown();
        assertThat(trial.get(10, TimeUnit.SECONDS).content()).isEqualTo("trial");
        assertThat(breaker.health().state()).isEqualTo(State.CLOSED);
    }

    @Test
    void aFailingListenerDoesNotFailTheCall() {
        breaker.onChange(health -> {
            throw new IllegalStateException("listener broke");
        });
        inner.fails(3);
        for (int i = 0; i < 3; i++) failsWith(ModelException.Outcome.HTTP_ERROR);
        assertThat(changes).extracting(ModelHealth::state).containsExactly(State.OPEN);
    }

    @Test
    void aThresholdBelowOneIsRefused() {
        assertThatThrownBy(() -> new CircuitBreakingModel(inner, 0, Duration.ofSeconds(1), clock))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
