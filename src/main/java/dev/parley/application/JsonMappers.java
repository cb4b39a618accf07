package dev.parley.application;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one place Parley builds a Jackson mapper (ADR 0022; {@code JsonMappersTest} checks that no other class does).
 * A few named configurations, each built once and shared (a configured mapper is thread-safe); which one a class
 * uses is part of its format, so it is named here rather than chosen per deployment. Nobody reconfigures them
 * ({@code enable}, {@code configure}, … are refused elsewhere by the same test): a different setting is a new entry
 * here.
 *
 * <p>A static holder rather than an injected object: most users are static parsers and writers of records and
 * file formats (a stored column, a timeline detail, a model's JSON answer) that have no constructor to take one, and
 * nothing ever needs another mapper in their place.
 */
public final class JsonMappers {
    /**
     * Jackson's defaults: provider APIs (OpenAI, Twilio, Aircall, Telegram, webhooks), a model's JSON answers,
     * JSON columns of the store, configuration files read as trees, one-line CLI output.
     */
    public static final ObjectMapper PLAIN = JsonMapper.builder().build();

    /** {@link #PLAIN}, indented: files people read and edit (catalogue, cassettes) and CLI reports. */
    public static final ObjectWriter PRETTY = PLAIN.writerWithDefaultPrettyPrinter();

    /**
     * Transcripts and stored documents whose bytes must not vary: every map's keys sorted (timeline details, replay
     * transcripts, buyer state, prompt context).
     */
    public static final ObjectMapper SORTED = JsonMapper.builder()
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    /**
     * Input read once and trusted to mean one thing: a key given twice or text after the document is refused
     * (policy and pattern files, replay input, Telegram's webhook).
     */
    public static final JsonMapper STRICT = strict(JsonFactory.builder().build());

    /** The HTTP API's bodies: {@code java.time} values as ISO-8601 text. */
    public static final ObjectMapper API = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

    /**
     * Records as snake_case files, bound strictly: an unknown key, a null for a number or a missing field is refused
     * (the alert model file, {@code parley eval} reports).
     */
    public static final ObjectMapper SNAKE_CASE = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .build();

    private JsonMappers() {
    }

    /** {@link #STRICT} within bounds: a document nested deeper or longer than these is refused while it is read. */
    public static JsonMapper strictWithin(int maxNestingDepth, int maxDocumentLength) {
        return strict(JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(maxNestingDepth).maxDocumentLength(maxDocumentLength).build()).build());
    }

    private static JsonMapper strict(JsonFactory factory) {
        return JsonMapper.builder(factory)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .build();
    }
}
