package dev.parley.bootstrap;

import dev.parley.adapter.llm.CassetteModel;
import dev.parley.adapter.llm.OpenAiChatModel;
import dev.parley.application.Sleeper;
import dev.parley.application.model.CircuitBreakingModel;
import dev.parley.application.model.LanguageModel;
import dev.parley.application.model.ModelCall;
import dev.parley.application.model.ModelCallLog;
import dev.parley.application.model.ModelConcurrency;
import dev.parley.application.model.ModelGateway;
import dev.parley.application.model.OfflineLanguageModel;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import okhttp3.OkHttpClient;

/**
 * Which language model this Parley asks, from the {@code model.*} keys: the offline model or an OpenAI-compatible
 * endpoint (behind a circuit breaker), optionally inside a cassette that records or replays it.
 */
final class ModelInstallation {
    private ModelInstallation() {
    }

    static ModelGateway gateway(ParleyConfig config, Clock clock, Random random, ModelCallLog log) {
        return new ModelGateway(model(config, clock, random), log, clock,
                config.getBoolean(ConfigKey.MODEL_DEBUG_RECORDING),
                new ModelConcurrency(config.getInt(ConfigKey.MODEL_MAX_CONCURRENCY)));
    }

    static LanguageModel model(ParleyConfig config, Clock clock, Random random) {
        var cassette = config.get(ConfigKey.MODEL_CASSETTE);
        boolean replaying = cassette.startsWith("replay:");
        LanguageModel model = replaying || config.get(ConfigKey.MODEL_PROVIDER).equals(OfflineLanguageModel.PROVIDER)
                ? new OfflineLanguageModel() : openAi(config, clock, random);
        if (!cassette.isEmpty()) {
            var dir = config.home().resolve(Path.of(cassette.substring(cassette.indexOf(':') + 1)));
            try {
                model = new CassetteModel(model, dir, replaying ? CassetteModel.Mode.REPLAY : CassetteModel.Mode.RECORD);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(ConfigKey.MODEL_CASSETTE.key(), e.getMessage());
            }
        }
        if (!(model instanceof OfflineLanguageModel) && !replaying) {
            model = new CircuitBreakingModel(model, config.getInt(ConfigKey.MODEL_CIRCUIT_FAILURES),
                    Duration.ofSeconds(config.getInt(ConfigKey.MODEL_CIRCUIT_OPEN_SECONDS)), clock);
        }
        return model;
    }

    private static LanguageModel openAi(ParleyConfig config, Clock clock, Random random) {
        var baseUrl = config.get(ConfigKey.MODEL_BASE_URL);
        var name = config.get(ConfigKey.MODEL_NAME);
        if (baseUrl.isEmpty()) throw new ConfigException(ConfigKey.MODEL_BASE_URL.key(), "required when model.provider=openai");
        if (name.isEmpty()) throw new ConfigException(ConfigKey.MODEL_NAME.key(), "required when model.provider=openai");
        var settings = new OpenAiChatModel.Settings(baseUrl, name, config.get(ConfigKey.MODEL_API_KEY),
                Duration.ofSeconds(config.getInt(ConfigKey.MODEL_CONNECT_TIMEOUT)),
                Duration.ofSeconds(config.getInt(ConfigKey.MODEL_READ_TIMEOUT)),
                config.getInt(ConfigKey.MODEL_MAX_RETRIES),
                Duration.ofSeconds(config.getInt(ConfigKey.MODEL_MAX_RETRY_WAIT)));
        return new OpenAiChatModel(new OkHttpClient(), settings, Sleeper.REAL, random, clock);
    }

    /**
     * The call log until the store is open: model and playbooks are built (and checked) before the store is
     * touched, and no call runs before {@link #attach}.
     */
    static final class DeferredCallLog implements ModelCallLog {
        private volatile ModelCallLog target;

        void attach(ModelCallLog log) {
            this.target = log;
        }

        @Override
        public long record(ModelCall call) {
            var t = target;
            return t == null ? 0 : t.record(call);
        }

        @Override
        public List<ModelCall> recent(int limit) {
            var t = target;
            return t == null ? List.of() : t.recent(limit);
        }

        @Override
        public List<ModelCall> ofConversation(long conversationId) {
            var t = target;
            return t == null ? List.of() : t.ofConversation(conversationId);
        }

        @Override
        public void reassign(long provisionalConversationId, long conversationId) {
            var t = target;
            if (t != null) t.reassign(provisionalConversationId, conversationId);
        }
    }
}
