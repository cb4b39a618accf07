package dev.parley.application.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Reads a task's JSON answer into a value, or throws {@link IllegalArgumentException} saying what is wrong with it
 * (missing field, unknown intent, …): the gateway then treats the answer as invalid.
 */
@FunctionalInterface
public interface JsonReader<T> {
    T read(JsonNode object);
}
