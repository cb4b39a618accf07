package dev.parley.application.playbook.assistant;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.adapter.assistant.KnowledgeFolder;
import dev.parley.adapter.assistant.ProfileFiles;
import dev.parley.adapter.memory.InMemoryModelCallLog;
import dev.parley.application.PipelineEvent;
import dev.parley.application.playbook.MessageEmbeddings;
import dev.parley.application.embedding.TextEmbedder;
import dev.parley.application.model.ModelGateway;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.assistant.Redactor;
import dev.parley.domain.embedding.Embedding;
import dev.parley.testing.ScriptedModelServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 001's "Reply-only Branch Checklist", one test per line, on a real Parley (in-memory store). */
class AssistantBranchesTest {
    @TempDir Path home;
    ScriptedModelServer model;
    AssistantRig rig;

    @AfterEach
    void close() {
        if (rig != null) rig.close();
        if (model != null) model.close();
    }

    AssistantRig offline() {
        return rig = new AssistantRig(home, Map.of());
    }

    /** A Parley whose model is the scripted OpenAI-compatible server. */
    AssistantRig scripted() {
        model = new ScriptedModelServer();
        return rig = new AssistantRig(home, Map.of(ConfigKey.MODEL_PROVIDER, "openai", ConfigKey.MODEL_BASE_URL,
                model.baseUrl(), ConfigKey.MODEL_NAME, "llama3.1:8b", ConfigKey.MODEL_MAX_RETRIES, "0"));
    }

    /** The assistant built from parts, to put a failing memory, embedder or a speaker in. */
    AssistantRig withParts(DialogueMemory memory, MessageEmbeddings embeddings, Speech speech) {
        var tools = new ArrayList<AssistantTool>(BuiltInTools.all());
        tools.add(new ExternalToolChannel(ExternalTools.NONE));
        var names = tools.stream().map(AssistantTool::name).collect(Collectors.toSet());
        var engine = new ReplyEngine(ProfileFiles.load(home, names, "general"), memory,
                new KnowledgeFolder(home.resolve("knowledge")), tools, new Redactor(), ZoneId.of("UTC"), embeddings);
        var gateway = ModelGateway.offline(java.time.Clock.systemUTC());
        return rig = new AssistantRig(home, Map.of(), List.of(new AssistantPlaybook(engine, gateway, speech)));
    }

    // Redaction/DB: VSS enabled vs disabled
    @Test
    void semanticRecallFindsWhatKeywordsMissOnlyWhenEnabled(@TempDir Path other) {
        for (boolean vss : new boolean[] {true, false}) {
            try (var r = new AssistantRig(vss ? home : other, Map.of(ConfigKey.ASSISTANT_SEMANTIC_RECALL,
                    String.valueOf(vss)))) {
                r.say("The package still has not arrived.");
                var reply = r.say("What did I tell you earlier about the delivery?");
                var recall = r.last("assistant_recall");
                if (vss) {
                    assertThat(recall.get("outcome")).isEqualTo("ok");
                    assertThat(reply).contains("The package still has not arrived");
                } else {
                    assertThat(recall.get("outcome")).isEqualTo("no_results");
                    assertThat(reply).doesNotContain("package");
                }
            }
        }
    }

    // Redaction/DB: embedding success vs failure (ignored)
    @Test
    void aFailingEmbedderIsIgnoredAndKeywordRecallStillWorks() {
        var failing = new TextEmbedder() {
            public String model() { return "broken"; }
            public int dimensions() { return 3; }
            public Embedding embed(String text) { throw new IllegalStateException("model file missing"); }
        };
        withParts(new RecentDialogue(ReplyEngine.MEMORY_WINDOW, 50), new MessageEmbeddings(failing), Speech.OFF);
        rig.say("My order number is 4411.");
        var reply = rig.say("What did I say earlier about my order?");
        assertThat(reply).contains("My order number is 4411");
        assertThat(rig.last("assistant_embedding_failed").get("error")).isEqualTo("IllegalStateException");
    }

    // Profile: valid LLM selection vs fallback
    @Test
    void theModelsValidProfileIsUsedAndAnInvalidOneFallsBackToTheDefault() {
        scripted(); model.then("route", completion("{\"profile\": \"support\"}"), completion("{\"profile\": \"wizard\"}"))
                .always("recall_params", "{\"keywords\": []}")
                .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}")
                .always("answer", "Sorry to hear that.");
        rig.say("My order arrived damaged.");
        assertThat(rig.last("assistant_profile")).containsEntry("profile", "support").containsEntry("decided_by", "model");
        rig.say("Tell me a joke.");
        assertThat(rig.last("assistant_profile")).containsEntry("profile", "general")
                .containsEntry("decided_by", "default").containsEntry("reason", "unknown profile 'wizard'");
    }

    // Conversation memory: params extracted vs empty
    @Test
    void recallRunsOnlyWhenParametersAreExtracted() {
        offline();
        rig.say("My order number is 4411.");
        assertThat(rig.last("assistant_recall").get("outcome")).isEqualTo("skipped: no keywords");
        rig.say("What did I say earlier about my order?");
        assertThat(rig.last("assistant_recall")).containsEntry("outcome", "ok")
                .containsEntry("keywords", List.of("order"));
    }

    // Conversation memory: tool allowed vs not
    @Test
    void recallIsSkippedWhenTheProfileDoesNotAllowIt() throws Exception {
        Files.createDirectories(home.resolve("profiles"));
        for (var name : List.of("general", "recap", "support")) {
            Files.writeString(home.resolve("profiles/" + name + ".json"), """
                    {"name": "%s", "description": "Everything", "guidance": "Be brief.", "tools": ["get_time"]}"""
                    .formatted(name));
        }
        offline();
        rig.say("My order number is 4411.");
        var reply = rig.say("What did I say earlier about my order?");
        assertThat(rig.last("assistant_recall").get("outcome").toString())
                .matches("skipped: profile (general|recap|support) does not allow recall_conversation");
        assertThat(reply).doesNotContain("4411");
    }

    // Conversation memory: tool success with text vs failure/no results
    @Test
    void recallWithNoResultsAddsNoMemorySection() {
        scripted(); model.always("route", "{\"profile\": \"general\"}")
                .always("recall_params", "{\"keywords\": [\"invoice\"], \"from\": null, \"to\": null}")
                .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}").always("answer", "Noted.");
        rig.say("Hello");
        rig.say("What about the invoice I mentioned?");
        assertThat(rig.last("assistant_recall").get("outcome")).isEqualTo("no_results");
        assertThat(model.bodies().getLast()).doesNotContain("Conversation memory");
        rig.say("Earlier I sent the invoice number INV-7.");
        rig.say("What about the invoice I mentioned?");
        assertThat(rig.last("assistant_recall").get("outcome")).isEqualTo("ok");
        assertThat(model.bodies().getLast()).contains("Conversation memory (earlier messages):", "INV-7");
    }

    // Document context: chunks present vs none
    @Test
    void documentSnippetsAreQuotedWhenTheyMatch() throws Exception {
        offline();
        assertThat(rig.say("What are your opening hours?")).doesNotContain("notes say");
        Files.createDirectories(home.resolve("knowledge"));
        Files.writeString(home.resolve("knowledge/faq.md"), """
                # FAQ

                Opening hours: Monday to Friday 9:00 to 17:30, Saturday 10:00 to 14:00. Closed on Sundays.

                Returns are accepted within 30 days with the receipt.
                """);
        assertThat(rig.say("What are your opening hours?"))
                .startsWith("Here is what our notes say: Opening hours: Monday to Friday 9:00 to 17:30");
        assertThat(rig.last("assistant_documents").get("snippets")).isEqualTo(1);
    }

    // Planning: plan JSON parsed vs invalid
    @Test
    void anInvalidPlanGivesTheUserFacingErrorMessage() {
        scripted(); model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .then("plan", completion("{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}"),
                        completion("First I will check the time, then answer."))
                .always("answer", "It is morning.");
        assertThat(rig.say("Is it morning?")).isEqualTo("It is morning.");
        assertThat(rig.say("Is it evening?")).isEqualTo(ReplyEngine.PLAN_ERROR);
        assertThat(rig.last("assistant_plan")).containsEntry("valid", false)
                .containsEntry("reason", "no JSON object in content");
        assertThat(rig.events).filteredOn(e -> e instanceof PipelineEvent.PlanMade p && !p.valid()).hasSize(1);
    }

    // Planning: steps include FINAL_RESPONSE / ANALYZE / tool / unknown
    @Test
    void everyKindOfStepIsExecutedOrSkipped() {
        scripted(); model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .always("plan", """
                        {"steps": [{"action": "ANALYZE", "input": "what is being asked"},
                                   {"action": "TOOL", "tool": "get_time", "args": {}},
                                   {"action": "DANCE"},
                                   {"action": "FINAL_RESPONSE"},
                                   {"action": "TOOL", "tool": "list_open_tasks"}]}""")
                .always("analyze", "The user wants the time.")
                .always("answer", "It is 09:01.");
        assertThat(rig.say("What time is it?")).isEqualTo("It is 09:01.");
        assertThat(rig.timeline("assistant_step")).extracting(e -> dev.parley.application.JsonDocuments
                        .read(e.detailJson()).get("step") + "=" + dev.parley.application.JsonDocuments
                        .read(e.detailJson()).get("outcome"))
                .containsExactly("ANALYZE=ok", "get_time=ok", "DANCE=skipped: unknown action", "FINAL_RESPONSE=ok");
        assertThat(model.tasks()).containsSubsequence("plan", "analyze", "answer").doesNotContain("answer_plain");
        assertThat(model.bodies().getLast()).contains("Analysis: The user wants the time.", "It is 09:01 on Monday");
    }

    // Planning: completed without final → partial fallback
    @Test
    void aPlanWithoutFinalResponseAnswersWithThePartialResults() {
        scripted(); model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .always("plan", "{\"steps\": [{\"action\": \"TOOL\", \"tool\": \"get_time\", \"args\": {}}]}");
        assertThat(rig.say("Time?")).isEqualTo("Here is what I found so far:\nIt is 09:01 on Monday, 4 May 2026 (UTC).");
        assertThat(rig.last("assistant_reply").get("outcome")).isEqualTo("partial_results");
    }

    // Retry: plain chat retry produces text vs empty
    @Test
    void anEmptyAnswerIsRetriedOnceWithoutToolsThenApologises() {
        scripted(); model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}").always("answer", "")
                .then("answer_plain", completion("We open at nine."), completion(""));
        assertThat(rig.say("When do you open?")).isEqualTo("We open at nine.");
        assertThat(rig.last("assistant_reply")).containsEntry("outcome", "plain_retry").containsEntry("retried", true);
        assertThat(model.bodies().getLast()).doesNotContain("Tools (JSON only");
        assertThat(rig.say("And close?")).isEqualTo(ReplyEngine.APOLOGY);
        assertThat(rig.last("assistant_reply")).containsEntry("outcome", "apology");
    }

    // Output: TOOL lines sanitised
    @Test
    void toolProtocolLinesNeverReachTheUser() {
        scripted(); model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}")
                .always("answer", "TOOL: {\"tool\": \"get_time\", \"args\": {}}\nWe open at 9.\n{\"tool\": \"x\"}");
        assertThat(rig.say("When do you open?")).isEqualTo("We open at 9.");
        assertThat(rig.last("assistant_sanitised").get("removed_lines")).isEqualTo(2);
    }

    // Output: TTS enabled vs disabled
    @Test
    void aSpokenReplyIsAttachedOnlyWhenSpeechIsOn() throws Exception {
        var wav = Files.writeString(home.resolve("fake.wav"), "RIFF");
        withParts(new RecentDialogue(ReplyEngine.MEMORY_WINDOW, 50), null, (text, name) -> Optional.of(wav));
        rig.say("Hello");
        assertThat(rig.last("speech_attached")).containsEntry("file", wav.toString());
        rig.close();
        withParts(new RecentDialogue(ReplyEngine.MEMORY_WINDOW, 50), null, Speech.OFF);
        rig.say("Hello");
        assertThat(rig.timeline("speech_attached")).isEmpty();
    }

    // Output: dialogue memory add succeeds vs exception (ignored)
    @Test
    void aFailingMemoryUpdateIsIgnored() {
        var failing = new DialogueMemory() {
            public List<Turn> recent(long conversationId, Instant since) { return List.of(); }
            public void add(long conversationId, Turn turn) { throw new IllegalStateException("memory full"); }
        };
        withParts(failing, null, Speech.OFF);
        assertThat(rig.say("Hello")).startsWith("Hi!");
        assertThat(rig.say("Hello again")).startsWith("Hi!");
    }

    @Test
    void theLastFiveMinutesOfDialogueGoToTheModel() {
        scripted(); model.always("route", "{\"profile\": \"general\"}").always("recall_params", "{\"keywords\": []}")
                .always("plan", "{\"steps\": [{\"action\": \"FINAL_RESPONSE\"}]}").always("answer", "Sure.");
        rig.say("My name is Dana.");
        rig.say("Can you help?");
        assertThat(model.bodies().getLast()).contains("My name is Dana.");
        rig.clock.advance(java.time.Duration.ofMinutes(6));
        rig.say("Still there?");
        assertThat(model.bodies().getLast()).doesNotContain("My name is Dana.");
    }
}
