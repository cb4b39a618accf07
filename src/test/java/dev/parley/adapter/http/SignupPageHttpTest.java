package dev.parley.adapter.http;

import static dev.parley.adapter.http.BuyerLineFixture.get;
import static dev.parley.adapter.http.BuyerLineFixture.postForm;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import dev.parley.domain.buyer.Phase;
import dev.parley.testing.TestParley;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guarantee page at {@code /g/{token}} over real HTTP: the property without its address, the terms, the name and
 * e-mail pre-filled; consent required; signing reveals the address by SMS and on the page; a used link refuses a
 * second signature, an expired one answers 410, a wrong token 404; the token's context for a web app.
 */
class SignupPageHttpTest {
    @TempDir Path home;
    BuyerLineFixture f;

    @BeforeEach
    void open() {
        f = new BuyerLineFixture(home);
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void thePageShowsThePropertyWithoutItsAddressAndSigningRevealsIt() throws Exception {
        var link = f.toGuaranteeLink();
        assertThat(link).startsWith(f.base() + "/g/");
        var page = get(link);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
        assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(page.body()).contains("Occupancy guarantee", "Commerce Twp Distribution Center", "18,000 sqft",
                "By signing you agree", "value=\"Sarah Chen\"", "value=\"sarah@acmecorp.com\"", "id=\"consent\"")
                .doesNotContain("4200 Katy").doesNotContain("<script");

        // no consent: 422, the form again with the draft, nothing signed
        var refused = postForm(link, "name=Sarah+Chen&email=sarah%40acmecorp.com");
        assertThat(refused.statusCode()).isEqualTo(422);
        assertThat(refused.body()).contains("Tick the box to agree.");
        assertThat(f.phase()).isEqualTo(Phase.GUARANTEE_PENDING.stateName());
        // no name: 422
        assertThat(postForm(link, "name=+&consent=yes").statusCode()).isEqualTo(422);

        var signed = postForm(link, "name=Sarah+Chen&email=sarah%40acmecorp.com&consent=yes");
        assertThat(signed.statusCode()).isEqualTo(303);
        assertThat(signed.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("?signed=1"));
        f.settle();
        assertThat(f.last()).startsWith("Done! The property is at 4200 Katy Freeway, Commerce Twp, MI 48390.");
        assertThat(f.phase()).isEqualTo(Phase.TOUR_SCHEDULING.stateName());
        var after = get(link + "?signed=1");
        assertThat(after.statusCode()).isEqualTo(200);
        assertThat(after.body()).contains("Signed — thank you!", "4200 Katy Freeway").doesNotContain("id=\"sign\"");

        // single use: a second signature is refused, the buyer gets nothing more
        int sent = f.sent().size();
        var again = postForm(link, "name=Sarah+Chen&consent=yes");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.body()).contains("Already signed.");
        f.settle();
        assertThat(f.sent()).hasSize(sent);
    }

    @Test
    void wrongAndExpiredTokensAreRefused() throws Exception {
        var link = f.toGuaranteeLink();
        assertThat(get(f.base() + "/g/AAAAAAAAAAAAAAAAAAAAAA").statusCode()).isEqualTo(404);
        assertThat(get(f.base() + "/g/not-a-token").statusCode()).isEqualTo(404);
        assertThat(postForm(f.base() + "/g/AAAAAAAAAAAAAAAAAAAAAA", "name=X&consent=yes").statusCode()).isEqualTo(404);
        // the hold (48 hours) ends: the link is dead
        f.advance(Duration.ofHours(49));
        var expired = get(link);
        assertThat(expired.statusCode()).isEqualTo(410);
        assertThat(expired.body()).contains("This link expired").doesNotContain("id=\"sign\"");
        assertThat(postForm(link, "name=Sarah+Chen&consent=yes").statusCode()).isEqualTo(410);
        assertThat(f.phase()).isNotEqualTo(Phase.TOUR_SCHEDULING.stateName());
    }

    @Test
    void aWebAppGetsTheBuyersContextForTheToken() throws Exception {
        var link = f.toGuaranteeLink();
        var token = link.substring(link.lastIndexOf('/') + 1);
        var url = f.base() + "/api/signup/" + token;
        assertThat(get(url).statusCode()).isEqualTo(401);
        var r = get(url, "Authorization", "Bearer " + TestParley.TOKEN);
        assertThat(r.statusCode()).isEqualTo(200);
        var json = JsonMappers.PLAIN.readTree(r.body());
        assertThat(json.get("name").asText()).isEqualTo("Sarah Chen");
        assertThat(json.get("email").asText()).isEqualTo("sarah@acmecorp.com");
        assertThat(json.get("phone").asText()).isEqualTo(BuyerLineFixture.BUYER);
        assertThat(json.get("action").asText()).isEqualTo("guarantee");
        assertThat(json.get("need").get("location").asText()).isEqualTo("Detroit");
        assertThat(json.get("need").get("sqft").asInt()).isEqualTo(15000);
        assertThat(json.get("matches")).hasSize(2);
        assertThat(json.get("matches").get(0).get("city").asText()).isEqualTo("Commerce Twp");
        assertThat(json.get("matches").get(0).get("focused").asBoolean()).isTrue();
        assertThat(get(f.base() + "/api/signup/AAAAAAAAAAAAAAAAAAAAAA", "Authorization", "Bearer " + TestParley.TOKEN)
                .statusCode()).isEqualTo(404);
    }
}
