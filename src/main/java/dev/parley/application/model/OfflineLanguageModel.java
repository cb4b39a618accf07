package dev.parley.application.model;

/**
 * The built-in deterministic model (provider {@code offline}): answers each request with the request's own offline
 * answer, the rules each task documents (docs/models.md). Instant, free, and the same on every run.
 */
public final class OfflineLanguageModel implements LanguageModel {
    public static final String PROVIDER = "offline";

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public String model() {
        return PROVIDER;
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        return new ModelResponse(request.offline().get(), PROVIDER, null, null);
    }
}
