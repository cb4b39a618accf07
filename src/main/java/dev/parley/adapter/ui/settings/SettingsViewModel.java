package dev.parley.adapter.ui.settings;

import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.console.AlertPatternTester;
import dev.parley.application.model.ModelEndpoints;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Settings: Parley's configuration keys (applied at once where they can be; the listener's address when the operator
 * restarts it, which the view offers), the operator's preferences (at once), and the alert pattern editor with a live
 * "test a message" box.
 */
public final class SettingsViewModel {
    public static final List<String> KEYS = List.of("listener.bind", "listener.port", "webhooks.generic.secret",
            "webhooks.twilio.auth_token", "twilio.account_sid", "twilio.from", "sender", "model.provider",
            "model.base_url", "model.name", "model.api_key", "safety.rewrite");
    private final ConsoleSettings settings;
    private final ConfigurationFile configuration;
    private final AlertPatternTester tester;
    private final StringProperty operatorShown;
    private final Map<String, StringProperty> values = new LinkedHashMap<>();
    private final StringProperty operator = new SimpleStringProperty();
    private final StringProperty theme = new SimpleStringProperty();
    private final StringProperty textSize = new SimpleStringProperty();
    private final StringProperty renotifyMinutes = new SimpleStringProperty();
    private final StringProperty patterns = new SimpleStringProperty();
    private final StringProperty sample = new SimpleStringProperty("");
    private final ObservableList<String> matches = FXCollections.observableArrayList();
    private final StringProperty status = new SimpleStringProperty("");
    private final javafx.beans.property.BooleanProperty listenerRestartNeeded =
            new javafx.beans.property.SimpleBooleanProperty(false);
    private final ModelEndpoints endpoints;
    private final TaskExecutor executor;
    private final ObservableList<String> models = FXCollections.observableArrayList();
    private final StringProperty connection = new SimpleStringProperty("");

    /** {@code operatorShown} is the main window's operator property, updated on save. */
    public SettingsViewModel(ConsoleSettings settings, ConfigurationFile configuration, AlertPatternTester tester,
                             StringProperty operatorShown) {
        this(settings, configuration, tester, operatorShown, null, null);
    }

    /** With the model endpoint check behind "Test connection" (run on {@code executor}). */
    public SettingsViewModel(ConsoleSettings settings, ConfigurationFile configuration, AlertPatternTester tester,
                             StringProperty operatorShown, ModelEndpoints endpoints, TaskExecutor executor) {
        this.endpoints = endpoints;
        this.executor = executor;
        this.settings = settings;
        this.configuration = configuration;
        this.tester = tester;
        this.operatorShown = operatorShown;
        var current = configuration.read();
        for (var key : KEYS) values.put(key, new SimpleStringProperty(current.getOrDefault(key, "")));
        operator.set(settings.operatorName());
        theme.set(settings.theme());
        textSize.set(settings.textSize());
        renotifyMinutes.set(Long.toString(settings.renotifyAfter().toMinutes()));
        patterns.set(settings.alertPatterns());
        patterns.addListener((o, a, b) -> test());
        sample.addListener((o, a, b) -> test());
    }

    public StringProperty value(String key) { return values.get(key); }
    public StringProperty operator() { return operator; }
    public StringProperty theme() { return theme; }
    /** "normal", "large" or "larger": applies at once. */
    public StringProperty textSize() { return textSize; }
    public StringProperty renotifyMinutes() { return renotifyMinutes; }
    public StringProperty patterns() { return patterns; }
    public StringProperty sample() { return sample; }
    public ObservableList<String> matches() { return matches; }
    public StringProperty status() { return status; }
    public ObservableList<String> models() { return models; }
    public StringProperty connection() { return connection; }

    public static boolean secret(String key) {
        return key.contains("secret") || key.contains("token") || key.contains("api_key");
    }

    /**
     * "Test connection": lists the models of the endpoint being edited ({@code GET <base_url>/models}) or shows
     * why it cannot (unreachable, HTTP 401 with the provider's message, …). The offline model needs none.
     */
    public void testConnection() {
        models.clear();
        if (!"openai".equals(values.get("model.provider").get())) {
            connection.set("The offline model is built in: nothing to connect to.");
            return;
        }
        if (endpoints == null || executor == null) {
            connection.set("Connection test unavailable.");
            return;
        }
        var base = values.get("model.base_url").get();
        var key = values.get("model.api_key").get();
        connection.set("Connecting to " + base + " …");
        executor.submit(p -> endpoints.listModels(base, key), found -> {
            models.setAll(found);
            var name = values.get("model.name").get();
            connection.set("Connected: " + found.size() + " model(s)" + (name == null || name.isBlank() ? ""
                    : found.contains(name) ? "; " + name + " is served" : "; " + name + " is NOT among them"));
        }, error -> connection.set("Connection failed: " + error.getMessage()));
    }

    public void regenerateWebhookSecret() {
        values.get("webhooks.generic.secret").set(configuration.newWebhookSecret());
        status.set("New webhook secret generated: save, then update the sender's configuration.");
    }

    /** Runs the sample message against the patterns being edited. */
    void test() {
        if (sample.get() == null || sample.get().isBlank()) {
            matches.clear();
            return;
        }
        try {
            var found = tester.test(patterns.get(), sample.get());
            matches.setAll(found.isEmpty() ? List.of("no category matches")
                    : found.stream().map(m -> m.category() + "  (" + m.patternId() + ")").toList());
        } catch (IllegalArgumentException e) {
            matches.setAll("invalid patterns: " + e.getMessage());
        }
    }

    public void save() {
        try {
            tester.test(patterns.get(), "");
        } catch (IllegalArgumentException e) {
            status.set("Not saved: invalid patterns: " + e.getMessage());
            return;
        }
        java.time.Duration renotify;
        try {
            renotify = java.time.Duration.ofMinutes(Long.parseLong(renotifyMinutes.get().strip()));
            if (renotify.toMinutes() < 1 || renotify.toMinutes() > 1440) throw new NumberFormatException();
        } catch (NumberFormatException | NullPointerException e) {
            status.set("Not saved: re-notify time must be a whole number of minutes from 1 to 1440");
            return;
        }
        var changes = new LinkedHashMap<String, String>();
        values.forEach((key, value) -> changes.put(key, value.get() == null ? "" : value.get().strip()));
        var previousPatterns = settings.alertPatterns();
        boolean patternsChanged = !previousPatterns.equals(patterns.get());
        ConfigurationFile.Applied applied;
        try {
            // the patterns file first: applying the configuration compiles it again
            if (patternsChanged) settings.setAlertPatterns(patterns.get());
            applied = configuration.apply(changes);
        } catch (RuntimeException e) {
            if (patternsChanged) settings.setAlertPatterns(previousPatterns);
            status.set("Not saved: " + e.getMessage());
            return;
        }
        if (operator.get() != null && !operator.get().isBlank()) {
            settings.setOperatorName(operator.get());
            operatorShown.set(operator.get().strip());
        }
        settings.setTheme(theme.get());
        settings.setTextSize(textSize.get());
        settings.setRenotifyAfter(renotify);
        listenerRestartNeeded.set(listenerRestartNeeded.get() || applied.listenerRestartNeeded());
        status.set(describe(applied, patternsChanged));
    }

    /** "Saved and applied now: sender, alert patterns. listener.port: restart the listener (button). …" */
    static String describe(ConfigurationFile.Applied applied, boolean patternsChanged) {
        var now = new java.util.ArrayList<>(applied.now());
        if (patternsChanged) now.add("alert patterns");
        var text = new StringBuilder("Saved.");
        if (!now.isEmpty()) text.append(" Applied now: ").append(String.join(", ", now)).append('.');
        if (applied.listenerRestartNeeded()) {
            text.append(" ").append(String.join(", ", applied.listener()))
                    .append(": the listener keeps its address until it restarts (Restart listener).");
        }
        if (!applied.restart().isEmpty()) {
            text.append(" ").append(String.join(", ", applied.restart())).append(": applies when Parley restarts.");
        }
        return text.toString();
    }

    /** True once a saved change waits for the listener to restart; the view offers the restart. */
    public javafx.beans.property.BooleanProperty listenerRestartNeeded() {
        return listenerRestartNeeded;
    }

    /** Restarts the listener on the saved address and port (requests being answered finish first). */
    public void restartListener() {
        try {
            var where = configuration.restartListener();
            listenerRestartNeeded.set(false);
            status.set("Listener restarted: now on " + where + ".");
        } catch (RuntimeException e) {
            status.set("Listener not restarted: " + e.getMessage());
        }
    }
}
