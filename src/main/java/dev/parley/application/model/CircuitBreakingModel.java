package dev.parley.application.model;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A circuit breaker around a model. After {@code threshold} failures in a row it opens: calls fail at once with
 * {@link ModelException.Outcome#CIRCUIT_OPEN} (the gateway then answers with the offline model) until
 * {@code openFor} has passed; then one trial call is let through (half open): success closes the circuit, failure
 * opens it again. Every change of state is published to the listeners (console status bar, logs).
 */
public final class CircuitBreakingModel implements LanguageModel {
    private static final Logger LOG = LoggerFactory.getLogger(CircuitBreakingModel.class);

    private final LanguageModel inner;
    private final int threshold;
    private final Duration openFor;
    private final Clock clock;
    private final List<Consumer<ModelHealth>> listeners = new CopyOnWriteArrayList<>();
    private ModelHealth health;
    private int failures;
    private boolean trialRunning;

    public CircuitBreakingModel(LanguageModel inner, int threshold, Duration openFor, Clock clock) {
        if (threshold < 1) throw new IllegalArgumentException("threshold must be at least 1");
        this.inner = inner;
        this.threshold = threshold;
        this.openFor = openFor;
        this.clock = clock;
        this.health = new ModelHealth(inner.provider(), inner.model(), ModelHealth.State.CLOSED, clock.instant(), null);
    }

    @Override
    public String provider() {
        return inner.provider();
    }

    @Override
    public String model() {
        return inner.model();
    }

    public synchronized ModelHealth health() {
        return health;
    }

    public void onChange(Consumer<ModelHealth> listener) {
        listeners.add(listener);
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        admit();
        try {
            var response = inner.complete(request);
            succeeded();
            return response;
        } catch (ModelException e) {
            failed(e);
            throw e;
        }
    }

    private void admit() {
        ModelHealth changed = null;
        synchronized (this) {
            if (health.state() == ModelHealth.State.OPEN) {
                var retryAt = health.since().plus(openFor);
                if (clock.instant().isBefore(retryAt)) {
                    throw new ModelException(ModelException.Outcome.CIRCUIT_OPEN,
                            "circuit open until " + retryAt + " after " + failures + " failures");
                }
                changed = health = new ModelHealth(provider(), model(), ModelHealth.State.HALF_OPEN, clock.instant(),
                        health.lastError());
            } else if (health.state() == ModelHealth.State.HALF_OPEN && trialRunning) {
                throw new ModelException(ModelException.Outcome.CIRCUIT_OPEN, "circuit half open: a trial call runs");
            }
            if (health.state() == ModelHealth.State.HALF_OPEN) trialRunning = true;
        }
        publish(changed);
    }

    private void succeeded() {
        ModelHealth changed = null;
        synchronized (this) {
            failures = 0;
            trialRunning = false;
            if (health.state() != ModelHealth.State.CLOSED) {
                changed = health = new ModelHealth(provider(), model(), ModelHealth.State.CLOSED, clock.instant(),
                        null);
            }
        }
        if (changed != null) LOG.info("model circuit closed: {} {} answers again", provider(), model());
        publish(changed);
    }

    private void failed(ModelException e) {
        ModelHealth changed = null;
        synchronized (this) {
            failures++;
            trialRunning = false;
            var error = e.outcome().recorded();
            if (health.state() == ModelHealth.State.HALF_OPEN
                    || health.state() == ModelHealth.State.CLOSED && failures >= threshold) {
                changed = health = new ModelHealth(provider(), model(), ModelHealth.State.OPEN, clock.instant(), error);
            } else {
                health = new ModelHealth(provider(), model(), health.state(), health.since(), error);
            }
        }
        if (changed != null) {
            LOG.warn("model circuit open: {} {} failed {} time(s) in a row (last: {}); answering offline for {}",
                    provider(), model(), failures, changed.lastError(), openFor);
        }
        publish(changed);
    }

    private void publish(ModelHealth changed) {
        if (changed == null) return;
        for (var listener : listeners) {
            try {
                listener.accept(changed);
            } catch (RuntimeException e) {
                LOG.warn("model health listener failed", e);
            }
        }
    }
}
