package dev.parley.application.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 17: the request's canonical JSON, streamed, is the mapper's, so every hash (and cassette) stays as it was. */
class RequestHashStreamTest {

    @Test
    void streamedCanonicalJsonIsTheMappers() {
        var messages = List.of(new ChatMessage(ChatMessage.Role.SYSTEM, "You classify. Answer JSON only."),
                new ChatMessage(ChatMessage.Role.USER, "quote \" backslash \\ newline \n nul \u0000 \uD83D\uDE00 é 中文"),
                new ChatMessage(ChatMessage.Role.ASSISTANT, ""));
        var requests = List.of(
                ModelRequest.of("classify", messages, () -> "{}"),
                ModelRequest.of("classify", messages, () -> "{}").asJson(),
                ModelRequest.of("extract_v2", messages.subList(1, 2), () -> "").withTemperature(0.0).withMaxTokens(256),
                ModelRequest.of("t", messages, () -> "").withTemperature(0.7).withMaxTokens(Integer.MAX_VALUE).asJson(),
                ModelRequest.of("t", messages, () -> "").withTemperature(1e-7).forConversation(42));
        for (var request : requests) {
            assertThat(RequestHash.canonicalJson(request)).isEqualTo(RequestHash.canonicalJsonByMapper(request));
        }
        assertThat(RequestHash.canonicalJson(requests.get(2))).isEqualTo("{\"task\":\"extract_v2\",\"messages\":"
                + "[{\"role\":\"user\",\"content\":\"quote \\\" backslash \\\\ newline \\n nul \\u0000 \uD83D\uDE00 é 中文\"}],"
                + "\"json\":false,\"temperature\":0.0,\"max_tokens\":256}");
        assertThat(RequestHash.of(requests.get(0))).hasSize(64).isEqualTo(RequestHash.of(requests.get(0)));
    }
}
