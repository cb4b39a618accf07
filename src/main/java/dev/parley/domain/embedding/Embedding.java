package dev.parley.domain.embedding;

import java.util.Arrays;
import java.util.Objects;

/**
 * A sentence embedding: a unit-length vector and the model that made it. Vectors of different models are not
 * comparable, so every comparison checks the model first.
 */
public record Embedding(String model, float[] vector) {

    public Embedding {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(vector, "vector");
        if (vector.length == 0) throw new IllegalArgumentException("empty vector");
    }

    /** The same vector scaled to length 1 (a zero vector stays zero). */
    public static Embedding normalized(String model, float[] raw) {
        double norm = 0;
        for (float v : raw) norm += (double) v * v;
        norm = Math.sqrt(norm);
        var unit = new float[raw.length];
        for (int i = 0; i < raw.length; i++) unit[i] = norm == 0 ? 0f : (float) (raw[i] / norm);
        return new Embedding(model, unit);
    }

    public int dimensions() {
        return vector.length;
    }

    /** Cosine similarity in [-1, 1]; both vectors are unit length, so it is their dot product. */
    public double cosine(Embedding other) {
        if (!model.equals(other.model) || vector.length != other.vector.length) {
            throw new IllegalArgumentException("embeddings of different models: " + model + " vs " + other.model);
        }
        double dot = 0;
        for (int i = 0; i < vector.length; i++) dot += (double) vector[i] * other.vector[i];
        return dot;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Embedding e && model.equals(e.model) && Arrays.equals(vector, e.vector);
    }

    @Override
    public int hashCode() {
        return 31 * model.hashCode() + Arrays.hashCode(vector);
    }

    @Override
    public String toString() {
        return "Embedding[" + model + ", " + vector.length + " dims]";
    }
}
