package dev.parley.application.playbook.buyer;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.buyer.SmsKind;
import dev.parley.testing.ScriptedModelServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 003's Gatekeeper → Polisher retry loop on a running pipeline, with the Response and Polisher agents answered
 * by a configured model (a scripted OpenAI-compatible endpoint): a reply the Gatekeeper refuses is sent back to the
 * model's Polisher until it passes; after 3 failed rounds the seed's fallback template goes out verbatim.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BuyerSmsModelTest {
    /** A first message far over the 800-character limit, written the way a chatty model does. */
    private static final String RAMBLING = "Hey there, and thank you so much for reaching out to us today! "
            + "We specialise in helping growing businesses of every shape and size find flexible warehouse space, "
            + "whether that is a small storage bay for seasonal overflow, a full distribution building with dock doors "
            + "and racking, or a climate-controlled unit for sensitive goods such as food, pharmaceuticals or "
            + "electronics. Our network covers dozens of metro areas across the country, including Detroit, Houston, "
            + "Dallas, Atlanta, Chicago and many more, and we can usually turn around a shortlist of options within "
            + "minutes of hearing what you need. To get started, it would really help to know roughly how many "
            + "square feet you are looking for, which city or neighbourhood you would prefer, what kind of goods you "
            + "plan to store or ship, when you would like to move in, and how long you expect to need the space. "
            + "Once I have those details I will search our catalogue and come back to you with the best matches.";
    private static final String POLISHED = "Hey! I help find warehouse space. Tell me the city, size and what "
            + "you're storing.";
    private static final String ASIDE = "(Reply STOP anytime to opt out.)";

    ScriptedModelServer model;
    BuyerScenario s;

    @BeforeAll
    void open(@TempDir Path home) {
        assertThat(RAMBLING.length()).isGreaterThan(SmsKind.LONG_LIMIT);
        model = new ScriptedModelServer();
        s = new BuyerScenario(home, Map.of(ConfigKey.MODEL_PROVIDER, "openai", ConfigKey.MODEL_BASE_URL,
                model.baseUrl(), ConfigKey.MODEL_NAME, "llama3.1:8b", ConfigKey.MODEL_READ_TIMEOUT, "5",
                ConfigKey.MODEL_MAX_RETRIES, "0", ConfigKey.MODEL_CIRCUIT_FAILURES, "100"));
    }

    @BeforeEach
    void reset() {
        model.reset();
    }

    @AfterAll
    void close() {
        s.close();
        model.close();
    }

    @Test
    void aReplyTheGatekeeperRefusesIsPolishedByTheModelUntilItPasses() {
        model.then("respond", completion(RAMBLING));
        model.then("polish", completion(POLISHED));
        s.inbound("+13135550301", "hi there");
        assertThat(s.sent("+13135550301")).containsExactly(POLISHED + " " + ASIDE);
        assertThat(model.tasks()).containsSubsequence("respond", "polish").filteredOn("polish"::equals).hasSize(1);
        assertThat(model.bodies().get(model.tasks().indexOf("polish"))).as("the polisher is told what was wrong")
                .contains("shorten to at most 800 characters");
    }

    @Test
    void afterThreeRefusedRoundsTheSeedsFallbackTemplateGoesOutVerbatim() {
        model.then("respond", completion(RAMBLING));
        model.then("polish", completion(RAMBLING), completion(RAMBLING), completion(RAMBLING));
        s.inbound("+13135550302", "hi there");
        assertThat(s.sent("+13135550302")).containsExactly("Hey! I help find warehouse space. What city, size, and "
                + "storage type are you looking for? " + ASIDE);
        assertThat(model.tasks()).filteredOn("polish"::equals).hasSize(3);
    }
}
