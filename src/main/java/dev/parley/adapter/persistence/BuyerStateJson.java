package dev.parley.adapter.persistence;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.application.JsonMappers;
import dev.parley.domain.buyer.AnsweredQuestion;
import dev.parley.domain.buyer.CriteriaDocument;
import dev.parley.domain.buyer.Criteria;
import dev.parley.domain.buyer.KnownAnswer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The JSON columns of buyer_states, written with sorted keys (stable, diff-friendly). */
final class BuyerStateJson {
    private static final ObjectMapper MAPPER = JsonMappers.SORTED;

    private BuyerStateJson() {
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T read(String json, TypeReference<T> type) {
        try {
            return MAPPER.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable buyer state column", e);
        }
    }

    static String ids(List<Long> ids) {
        return write(ids);
    }

    static List<Long> ids(String json) {
        return read(json, new TypeReference<List<Long>>() { });
    }

    static String criteria(Criteria c) {
        return write(CriteriaDocument.of(c));
    }

    static Criteria criteria(String json) {
        return CriteriaDocument.read(read(json, new TypeReference<Map<String, Object>>() { }));
    }

    static String knownAnswers(Map<Long, Map<String, KnownAnswer>> answers) {
        var out = new TreeMap<String, Map<String, Map<String, String>>>();
        answers.forEach((property, fields) -> {
            var f = new TreeMap<String, Map<String, String>>();
            fields.forEach((key, a) -> f.put(key, Map.of("value", a.value(), "source", a.source(),
                    "at", a.at().toString())));
            out.put(property.toString(), f);
        });
        return write(out);
    }

    static Map<Long, Map<String, KnownAnswer>> knownAnswers(String json) {
        var in = read(json, new TypeReference<Map<String, Map<String, Map<String, String>>>>() { });
        var out = new LinkedHashMap<Long, Map<String, KnownAnswer>>();
        in.forEach((property, fields) -> {
            var f = new LinkedHashMap<String, KnownAnswer>();
            fields.forEach((key, a) -> f.put(key, new KnownAnswer(a.get("value"), a.get("source"),
                    Instant.parse(a.get("at")))));
            out.put(Long.valueOf(property), f);
        });
        return out;
    }

    static String answeredQuestions(List<AnsweredQuestion> questions) {
        var out = new ArrayList<Map<String, Object>>();
        for (var q : questions) {
            var m = new LinkedHashMap<String, Object>();
            m.put("question", q.question());
            m.put("answer", q.answer());
            m.put("property_id", q.propertyId());
            m.put("field_key", q.fieldKey());
            m.put("answered_at", q.answeredAt().toString());
            out.add(m);
        }
        return write(out);
    }

    static List<AnsweredQuestion> answeredQuestions(String json) {
        var in = read(json, new TypeReference<List<Map<String, Object>>>() { });
        var out = new ArrayList<AnsweredQuestion>();
        for (var m : in) {
            out.add(new AnsweredQuestion((String) m.get("question"), (String) m.get("answer"),
                    ((Number) m.get("property_id")).longValue(), (String) m.get("field_key"),
                    Instant.parse((String) m.get("answered_at"))));
        }
        return out;
    }

    static String longMap(Map<Long, Long> map) {
        var out = new TreeMap<String, Long>();
        map.forEach((k, v) -> out.put(k.toString(), v));
        return write(out);
    }

    static Map<Long, Long> longMap(String json) {
        var in = read(json, new TypeReference<Map<String, Long>>() { });
        var out = new LinkedHashMap<Long, Long>();
        in.forEach((k, v) -> out.put(Long.valueOf(k), v));
        return out;
    }

    static String counts(Map<String, Integer> counts) {
        return write(new TreeMap<>(counts));
    }

    static Map<String, Integer> counts(String json) {
        return read(json, new TypeReference<Map<String, Integer>>() { });
    }

    static String strings(List<String> values) {
        return write(values);
    }

    static List<String> strings(String json) {
        return read(json, new TypeReference<List<String>>() { });
    }
}
