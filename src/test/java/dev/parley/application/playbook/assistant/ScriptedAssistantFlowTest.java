package dev.parley.application.playbook.assistant;

import static dev.parley.testing.OpenAiResponses.completion;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.application.JsonMappers;
import dev.parley.application.PipelineEvent;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.testing.McpTestServer;
import dev.parley.testing.ScriptedModelServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole assistant flow against a scripted OpenAI-compatible model, with an external tool on a real MCP server:
 * redaction before the model, the route, the plan, each tool call (built-in and external), the final answer and
 * what the model was shown.
 */
class ScriptedAssistantFlowTest {

    @Test
    void plansCallsToolsAndAnswers(@TempDir Path home) throws Exception {
        try (var mcp = new McpTestServer(); var model = new ScriptedModelServer();
             var rig = new AssistantRig(home, Map.of(ConfigKey.MODEL_PROVIDER, "openai",
                     ConfigKey.MODEL_BASE_URL, model.baseUrl(), ConfigKey.MODEL_NAME, "qwen2.5:7b",
                     ConfigKey.ASSISTANT_MCP_SERVERS, "shop=" + mcp.url()))) {
            model.then("route", completion("{\"profile\": \"scheduling\"}"))
                    .then("recall_params", completion("{\"keywords\": []}"))
                    .then("plan", completion("""
                            {"steps": [
                              {"action": "TOOL", "tool": "get_time", "args": {}},
                              {"action": "TOOL", "tool": "external_tool",
                               "args": {"server": "shop", "tool": "opening_hours", "arguments": {"branch": "Cork"}}},
                              {"action": "TOOL", "tool": "summarize_conversation", "args": {}},
                              {"action": "FINAL_RESPONSE"}]}"""))
                    .then("answer", completion("It's 09:01 now and the Cork branch opens at 9:00, so it is open."));

            var reply = rig.say("Is the Cork branch open right now? My email is dana@example.com");

            assertThat(reply).isEqualTo("It's 09:01 now and the Cork branch opens at 9:00, so it is open.");
            assertThat(model.tasks()).containsExactly("route", "recall_params", "plan", "answer");
            assertThat(model.bodies()).allSatisfy(body -> assertThat(body).doesNotContain("dana@example.com"));
            var planRequest = JsonMappers.PLAIN.readTree(model.bodies().get(2));
            assertThat(planRequest.get("response_format").get("type").asText()).isEqualTo("json_object");
            assertThat(planRequest.get("messages").get(0).get("content").asText())
                    .contains("external_tool", "shop/opening_hours", "get_time")
                    .doesNotContain("summarize_conversation:");  // not allowed for the scheduling profile
            assertThat(mcp.calls).containsExactly(Map.of("branch", "Cork"));

            assertThat(rig.last("assistant_profile")).containsEntry("profile", "scheduling");
            assertThat(rig.events).filteredOn(e -> e instanceof PipelineEvent.PlanMade).singleElement()
                    .isEqualTo(new PipelineEvent.PlanMade(rig.conversationId(),
                            java.util.List.of("get_time", "external_tool", "summarize_conversation", "FINAL_RESPONSE"),
                            true));
            assertThat(rig.events).filteredOn(e -> e instanceof PipelineEvent.ToolCalled)
                    .extracting(e -> ((PipelineEvent.ToolCalled) e).tool() + "=" + ((PipelineEvent.ToolCalled) e).outcome())
                    .containsExactly("get_time=ok", "external_tool=ok", "summarize_conversation=not_allowed");
            var answerRequest = model.bodies().get(3);
            assertThat(answerRequest).contains("It is 09:01 on Monday, 4 May 2026 (UTC).",
                    "The Cork branch is open 9:00-17:30 Monday to Saturday.", "[EMAIL]");
            assertThat(rig.last("assistant_reply")).containsEntry("profile", "scheduling")
                    .containsEntry("outcome", "answered").containsEntry("model", "openai qwen2.5:7b");
            var calls = rig.app.model.calls().ofConversation(rig.conversationId());
            assertThat(calls).extracting(c -> c.task() + "/" + c.outcome()).containsExactly("route/ok",
                    "recall_params/ok", "plan/ok", "answer/ok");
        }
    }

    @Test
    void anExternalToolErrorIsAFailedStepNotAFailedReply(@TempDir Path home) {
        try (var mcp = new McpTestServer(); var model = new ScriptedModelServer();
             var rig = new AssistantRig(home, Map.of(ConfigKey.MODEL_PROVIDER, "openai",
                     ConfigKey.MODEL_BASE_URL, model.baseUrl(), ConfigKey.MODEL_NAME, "qwen2.5:7b",
                     ConfigKey.ASSISTANT_MCP_SERVERS, "shop=" + mcp.url()))) {
            model.always("route", "{\"profile\": \"support\"}").always("recall_params", "{\"keywords\": []}")
                    .always("plan", "{\"steps\": [{\"action\": \"TOOL\", \"tool\": \"external_tool\", \"args\": "
                            + "{\"server\": \"shop\", \"tool\": \"fail\", \"arguments\": {}}}, "
                            + "{\"action\": \"FINAL_RESPONSE\"}]}")
                    .always("answer", "A person will check the order status.");
            assertThat(rig.say("Where is my order?")).isEqualTo("A person will check the order status.");
            assertThat(rig.last("assistant_tool")).containsEntry("outcome", "failed")
                    .containsEntry("result", "shop/fail reported an error: backend down");
        }
    }
}
