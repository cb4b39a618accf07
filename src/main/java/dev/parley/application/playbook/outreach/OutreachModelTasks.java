package dev.parley.application.playbook.outreach;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.application.model.ChatMessage;
import dev.parley.application.model.ModelGateway.OnInvalid;
import dev.parley.application.model.ModelRequest;
import dev.parley.application.playbook.ConversationModel;
import dev.parley.domain.outreach.ClassifiedIntent;
import dev.parley.domain.outreach.Extraction;
import dev.parley.domain.outreach.GenealogyExtractor;
import dev.parley.domain.outreach.Intent;
import dev.parley.domain.outreach.IntentClassifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Seed 000's AI steps through the model gateway: {@code classify} (intent), {@code extract} (genealogical facts) and
 * {@code safety_flag} (the AI half of the critical-alert check). The deterministic rules are the offline answer and
 * the fallback; an explicit opt-out the rules find is never overridden by a model.
 */
final class OutreachModelTasks {
    static final String CLASSIFY = "classify";
    static final String EXTRACT = "extract";
    static final String SAFETY_FLAG = "safety_flag";
    private static final ObjectMapper MAPPER = JsonMappers.PLAIN;

    private static final String CLASSIFY_PROMPT = """
            You classify one reply to a genealogy outreach message: we contacted a DNA match to compare family trees.
            Answer with JSON only: {"intent": "<INTENT>", "reason": "<at most 12 words>"}, where INTENT is one of
            PRODUCTIVE: engages (shares family information, asks a question back, agrees to help);
            NOT_INTERESTED: declines without hostility ("not interested", "no thanks, good luck with your research");
            NEGATIVE: hostile or insulting;
            STOP: asks not to be contacted again ("stop", "unsubscribe", "don't contact me");
            POLITE: courteous without engaging or declining ("thanks for reaching out");
            NEUTRAL: a bare acknowledgement ("ok", "noted");
            UNCLEAR: conflicting signals or nothing recognisable.""";

    private static final String EXTRACT_PROMPT = """
            Extract the genealogical facts of one message from a DNA match. Answer with JSON only, these keys:
            {"names": [person names as written], "dates": [dates as written], "years": [years 1600-2029],
             "places": [place names], "relationships": [lower-case words like "grandmother", "great-grandfather"],
             "documents": [lower-case, e.g. "family bible", "marriage certificate"],
             "photos": [lower-case, e.g. "photo", "daguerreotype"],
             "events": [{"kind": "birth|marriage|death|baptism|burial|emigration|census", "year": 1901,
                         "names": [...], "place": "...", "relationship": "..."}],
             "copy_offered": true if the writer offers to send, scan or share something}.
            Use empty lists when nothing is found. Do not invent facts.""";

    private static final String SAFETY_PROMPT = """
            You screen one message received by a genealogy research team before any automated reply. Flag it when it
            is harmful, threatening, harassing, mentions self-harm, or is legally sensitive (legal action, privacy or
            data-protection complaints). Answer with JSON only:
            {"flag": true or false, "category": "threat|self_harm|legal|harassment|other", "reason": "<short>"}""";

    private final IntentClassifier rules;
    private final GenealogyExtractor extractor;

    OutreachModelTasks(IntentClassifier rules, GenealogyExtractor extractor) {
        this.rules = rules;
        this.extractor = extractor;
    }

    /** The reply's intent; the reason says who decided it ({@code rules: …} or {@code model: …}). */
    ClassifiedIntent classify(ConversationModel model, String text) {
        var byRules = rules.classify(text);
        var request = ModelRequest.of(CLASSIFY, List.of(ChatMessage.system(CLASSIFY_PROMPT), ChatMessage.user(text)),
                () -> json("intent", byRules.intent().name(), "reason", byRules.reason()))
                .withTemperature(0).withMaxTokens(80);
        var answer = model.askJson(request, OutreachModelTasks::readIntent, OnInvalid.FALL_BACK);
        var decided = answer.value().orElse(byRules);
        if (byRules.intent() == Intent.STOP && decided.intent() != Intent.STOP) {
            return new ClassifiedIntent(Intent.STOP, "rules: " + byRules.reason() + " (an opt-out overrides the model's "
                    + decided.intent() + ")");
        }
        // Who answered ("model" without its name, so a cassette replays the same words; the call log has the name).
        return answer.answer().provider().equals("offline") ? new ClassifiedIntent(decided.intent(),
                "rules: " + decided.reason()) : new ClassifiedIntent(decided.intent(), "model: " + decided.reason());
    }

    Extraction extract(ConversationModel model, String text) {
        var byRules = extractor.extract(text);
        var request = ModelRequest.of(EXTRACT, List.of(ChatMessage.system(EXTRACT_PROMPT), ChatMessage.user(text)),
                () -> ExtractionJson.write(byRules)).withTemperature(0).withMaxTokens(600);
        return model.askJson(request, ExtractionJson::read, OnInvalid.FALL_BACK).value().orElse(byRules);
    }

    /** Seed 000 §3.1 condition 2: a short label when the model flags the message; the offline model never does. */
    Optional<String> safetyFlag(ConversationModel model, String text) {
        var request = ModelRequest.of(SAFETY_FLAG, List.of(ChatMessage.system(SAFETY_PROMPT), ChatMessage.user(text)),
                () -> "{\"flag\": false, \"reason\": \"offline: the alert patterns decide\"}")
                .withTemperature(0).withMaxTokens(60);
        return model.askJson(request, OutreachModelTasks::readFlag, OnInvalid.FALL_BACK).value().orElse(Optional.empty());
    }

    static ClassifiedIntent readIntent(JsonNode node) {
        var name = node.path("intent").asText("").strip().toUpperCase(Locale.ROOT).replace(' ', '_');
        Intent intent;
        try {
            intent = Intent.valueOf(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown intent '" + node.path("intent").asText("") + "'");
        }
        var reason = node.path("reason").asText("").strip();
        return new ClassifiedIntent(intent, reason.isEmpty() ? "no reason given" : clip(reason, 200));
    }

    static Optional<String> readFlag(JsonNode node) {
        var flag = node.get("flag");
        if (flag == null || !flag.isBoolean()) throw new IllegalArgumentException("flag: not true or false");
        if (!flag.asBoolean()) return Optional.empty();
        var category = node.path("category").asText("other").strip().toLowerCase(Locale.ROOT);
        return Optional.of(category.matches("[a-z_]{1,32}") ? category : "other");
    }

    private static String json(String k1, String v1, String k2, String v2) {
        var map = new LinkedHashMap<String, String>();
        map.put(k1, v1);
        map.put(k2, v2);
        try {
            return MAPPER.writeValueAsString(map);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max);
    }
}
