package dev.parley.adapter.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.adapter.files.AtomicFiles;
import dev.parley.application.JsonMappers;
import dev.parley.application.model.CassetteMissException;
import dev.parley.application.model.LanguageModel;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.model.ModelResponse;
import dev.parley.application.model.RequestHash;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;

/**
 * Records or replays another provider's answers, one file per request: {@code <dir>/<task>-<hash>.json} holding the
 * canonical request and the response. {@link Mode#RECORD} asks the wrapped model and writes its answer (a failure
 * is not recorded); {@link Mode#REPLAY} never asks it: a request with no file is a {@link CassetteMissException}.
 */
public final class CassetteModel implements LanguageModel {
    public static final String PROVIDER = "cassette";
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    /** Record answers of the wrapped model, or replay recorded ones. */
    public enum Mode { RECORD, REPLAY }

    private final LanguageModel inner;
    private final Path dir;
    private final Mode mode;

    public CassetteModel(LanguageModel inner, Path dir, Mode mode) {
        this.inner = inner;
        this.dir = dir;
        this.mode = mode;
        if (mode == Mode.REPLAY && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("cassette directory does not exist: " + dir);
        }
    }

    @Override
    public String provider() {
        return mode == Mode.RECORD ? inner.provider() : PROVIDER;
    }

    @Override
    public String model() {
        return mode == Mode.RECORD ? inner.model() : "cassette:" + dir.getFileName();
    }

    public Mode mode() {
        return mode;
    }

    /** The file of a request: task and the first 16 hex digits of its hash (the full hash is inside). */
    public Path fileOf(ModelRequest request, String hash) {
        return dir.resolve(request.task() + "-" + hash.substring(0, 16) + ".json");
    }

    @Override
    public ModelResponse complete(ModelRequest request) {
        var hash = RequestHash.of(request);
        var file = fileOf(request, hash);
        return mode == Mode.REPLAY ? replay(request, hash, file) : record(request, hash, file);
    }

    private ModelResponse replay(ModelRequest request, String hash, Path file) {
        if (!Files.isRegularFile(file)) throw new CassetteMissException(request.task(), hash, dir.toString());
        try {
            JsonNode root = MAPPER.readTree(file.toFile());
            if (!hash.equals(root.path("request_hash").asText())) {
                throw new CassetteMissException(request.task(), hash, file + " (recorded for another request)");
            }
            var response = root.path("response");
            return new ModelResponse(response.path("content").asText(""),
                    response.path("model").isTextual() ? response.get("model").asText() : null,
                    response.path("prompt_tokens").isInt() ? response.get("prompt_tokens").asInt() : null,
                    response.path("completion_tokens").isInt() ? response.get("completion_tokens").asInt() : null);
        } catch (IOException e) {
            throw new UncheckedIOException("cassette file unreadable: " + file, e);
        }
    }

    private ModelResponse record(ModelRequest request, String hash, Path file) {
        var response = inner.complete(request);
        var root = new LinkedHashMap<String, Object>();
        root.put("request_hash", hash);
        root.put("provider", inner.provider());
        root.put("request", RequestHash.canonical(request));
        var answer = new LinkedHashMap<String, Object>();
        answer.put("content", response.content());
        answer.put("model", response.model());
        answer.put("prompt_tokens", response.promptTokens());
        answer.put("completion_tokens", response.completionTokens());
        root.put("response", answer);
        try {
            Files.createDirectories(dir);
            AtomicFiles.writeString(file, JsonMappers.PRETTY.writeValueAsString(root) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write cassette file " + file, e);
        }
        return response;
    }
}
