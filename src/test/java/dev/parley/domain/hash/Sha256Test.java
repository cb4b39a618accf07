package dev.parley.domain.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class Sha256Test {
    static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; // FIPS 180-2, "abc"

    @Test
    void theStandardTestVector() {
        assertThat(HexFormat.of().formatHex(Sha256.of("abc".getBytes(StandardCharsets.US_ASCII)))).isEqualTo(ABC);
    }

    @Test
    void digestsFromManyThreadsDoNotShareState() throws Exception {
        try (var threads = Executors.newFixedThreadPool(4)) {
            var results = IntStream.range(0, 200).mapToObj(i -> threads.submit(() ->
                    HexFormat.of().formatHex(Sha256.of("abc".getBytes(StandardCharsets.US_ASCII))))).toList();
            for (var result : results) assertThat(result.get()).isEqualTo(ABC);
        }
    }
}
