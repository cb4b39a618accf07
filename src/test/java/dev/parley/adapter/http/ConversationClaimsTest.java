package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.parley.application.PipelineEvent;
import dev.parley.application.operator.StartConversation;
import dev.parley.domain.conversation.AuditEntry;
import dev.parley.testing.ParleyHttp;
import dev.parley.testing.TestParley;
import dev.parley.testing.TestStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Claims on conversations over the API: assign to me, a reply on someone else's claim asks first, all audited. */
class ConversationClaimsTest {
    @TempDir Path dir;

    static long conversation(TestParley parley) {
        return parley.app.startConversation.start(new StartConversation.Command(null, "sms", "+15550606060",
                "Hello from the team", "Dana")).conversationId();
    }

    @ParameterizedTest
    @EnumSource(TestStore.class)
    void claimTakeOverReplyOverAClaimAndReleaseAreRefusedUnlessAskedForAndAudited(TestStore store) {
        try (var parley = TestParley.start(dir, Clock.systemUTC(), store.settings(), null)) {
            var http = parley.http();
            long id = conversation(parley);
            var path = "/api/conversations/" + id;

            assertThat(ParleyHttp.json(http.apiGet(path + "/claim")).get("claimed_by").isNull()).isTrue();
            var claimed = http.apiPost(path + "/claim", "{\"actor\":\"Dana\"}");
            assertThat(claimed.statusCode()).isEqualTo(200);
            assertThat(ParleyHttp.json(claimed).get("claimed_by").asText()).isEqualTo("Dana");
            assertThat(ParleyHttp.json(http.apiGet(path + "/claim")).get("claimed_by").asText()).isEqualTo("Dana");

            var refused = http.apiPost(path + "/claim", "{\"actor\":\"Eve\"}");
            assertThat(refused.statusCode()).isEqualTo(409);
            assertThat(ParleyHttp.json(refused).get("detail").asText())
                    .isEqualTo("conversation " + id + " is claimed by Dana");
            var reply = http.apiPost(path + "/reply", "{\"actor\":\"Eve\",\"text\":\"I can help\"}");
            assertThat(reply.statusCode()).as("a reply on Dana's conversation asks first").isEqualTo(409);
            assertThat(http.apiPost(path + "/reply", "{\"actor\":\"Dana\",\"text\":\"On it\"}").statusCode())
                    .isEqualTo(202);
            assertThat(http.apiPost(path + "/reply", "{\"actor\":\"Eve\",\"text\":\"I can help\","
                    + "\"over_claim\":true}").statusCode()).isEqualTo(202);
            assertThat(http.apiPost(path + "/reply", "{\"actor\":\"Eve\",\"text\":\"x\",\"over_claim\":\"yes\"}")
                    .statusCode()).isEqualTo(400);

            assertThat(http.apiPost(path + "/claim", "{\"actor\":\"Eve\",\"take_over\":true}").statusCode())
                    .isEqualTo(200);
            assertThat(http.apiPost(path + "/release", "{\"actor\":\"Dana\"}").statusCode()).isEqualTo(409);
            var released = http.apiPost(path + "/release", "{\"actor\":\"Eve\"}");
            assertThat(ParleyHttp.json(released).get("released").asBoolean()).isTrue();
            assertThat(ParleyHttp.json(http.apiPost(path + "/release", "{\"actor\":\"Eve\"}")).get("released")
                    .asBoolean()).isFalse();
            assertThat(http.apiPost("/api/conversations/999/claim", "{\"actor\":\"Eve\"}").statusCode())
                    .isEqualTo(404);

            var audit = parley.app.find.detail(id).audit();
            assertThat(audit).extracting(AuditEntry::actor, AuditEntry::action).containsSubsequence(
                    org.assertj.core.groups.Tuple.tuple("Dana", "claim"),
                    org.assertj.core.groups.Tuple.tuple("Dana", "reply"),
                    org.assertj.core.groups.Tuple.tuple("Eve", "reply"),
                    org.assertj.core.groups.Tuple.tuple("Eve", "claim"),
                    org.assertj.core.groups.Tuple.tuple("Eve", "release"));
            assertThat(audit).filteredOn(a -> a.actor().equals("Eve") && a.action().equals("reply"))
                    .singleElement().satisfies(a -> assertThat(a.detailJson()).contains("\"over_claim_of\":\"Dana\""));
            assertThat(audit).filteredOn(a -> a.action().equals("claim") && a.actor().equals("Eve"))
                    .singleElement().satisfies(a -> assertThat(a.detailJson()).contains("\"taken_over_from\":\"Dana\""));
        }
    }

    @Test
    void aClaimMadeInOneProcessIsSeenLiveAndEnforcedInTheOther() {
        var store = TestStore.POSTGRES.settings();
        try (var a = TestParley.start(dir.resolve("a"), Clock.systemUTC(), store, null);
             var b = TestParley.start(dir.resolve("b"), Clock.systemUTC(), store, null)) {
            var seenInB = new CopyOnWriteArrayList<PipelineEvent>();
            b.app.events.subscribe(seenInB::addAll);
            long id = conversation(a);
            a.app.claims.claim(id, "Dana", false);
            await().atMost(Duration.ofSeconds(10)).until(() -> seenInB.contains(
                    new PipelineEvent.OperatorActed(id, "claim", "Dana")));
            var reply = b.http().apiPost("/api/conversations/" + id + "/reply", "{\"actor\":\"Eve\",\"text\":\"hi\"}");
            assertThat(reply.statusCode()).isEqualTo(409);
        }
    }
}
