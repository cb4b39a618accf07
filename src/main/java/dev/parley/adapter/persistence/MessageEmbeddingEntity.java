package dev.parley.adapter.persistence;

import dev.parley.domain.embedding.Embedding;
import jakarta.persistence.*;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

@Entity
@Table(name = "message_embeddings")
class MessageEmbeddingEntity {
    @Id @Column(name = "message_id") Long messageId;
    @Column(nullable = false, length = 64) String model;
    @Column(nullable = false) int dims;
    @Column(nullable = false, columnDefinition = "bytea") byte[] vector;

    static MessageEmbeddingEntity of(long messageId, Embedding embedding) {
        var row = new MessageEmbeddingEntity();
        row.messageId = messageId;
        row.set(embedding);
        return row;
    }

    void set(Embedding embedding) {
        model = embedding.model();
        dims = embedding.dimensions();
        var bytes = ByteBuffer.allocate(dims * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(embedding.vector());
        vector = bytes.array();
    }

    Embedding toDomain() {
        var floats = new float[dims];
        ByteBuffer.wrap(vector).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(floats);
        return new Embedding(model, floats);
    }
}
