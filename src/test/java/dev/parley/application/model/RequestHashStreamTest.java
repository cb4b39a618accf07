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

    @Test
    void handWrittenCanonicalJsonIsTheMappersOnRandomRequests() {
        var random = new java.util.Random(17);
        var alphabet = new StringBuilder("ab \"\\/\u007f\u0080\u00e9\u2028\u2029\uFEFF\uFFFF\uD83D\uDE00\uDC00\uD800中");
        for (char c = 0; c < 0x20; c++) alphabet.append(c);
        double[] temperatures = {0.0, -0.0, 0.7, 1e-7, 1e21, 123456789.125, Double.MIN_VALUE, Double.MAX_VALUE,
                Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int round = 0; round < 3_000; round++) {
            var messages = new java.util.ArrayList<ChatMessage>();
            int count = 1 + random.nextInt(4);
            for (int i = 0; i < count; i++) {
                var content = new StringBuilder();
                int length = random.nextInt(40);
                for (int j = 0; j < length; j++) content.append(alphabet.charAt(random.nextInt(alphabet.length())));
                messages.add(new ChatMessage(ChatMessage.Role.values()[random.nextInt(3)], content.toString()));
            }
            var request = ModelRequest.of("task_" + random.nextInt(100), messages, () -> "{}");
            if (random.nextBoolean()) request = request.asJson();
            if (random.nextBoolean()) request = request.withTemperature(temperatures[random.nextInt(temperatures.length)]);
            if (random.nextInt(3) == 0) request = request.withTemperature(random.nextDouble() * 2);
            if (random.nextBoolean()) request = request.withMaxTokens(random.nextInt() >> random.nextInt(31));
            assertThat(RequestHash.canonicalJson(request)).isEqualTo(RequestHash.canonicalJsonByMapper(request));
        }
    }
}
