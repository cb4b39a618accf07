package dev.parley.adapter.assistant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shipped profiles, home overrides and additions, and a broken file named with its problem. */
class ProfileFilesTest {
    static final Set<String> TOOLS = Set.of("recall_conversation", "search_messages", "get_time", "list_open_tasks",
            "summarize_conversation", "external_tool");

    @Test
    void shipsUsefulDefaults(@TempDir Path home) {
        var profiles = ProfileFiles.load(home, TOOLS, "general");
        assertThat(profiles.all()).extracting(p -> p.name()).containsExactly("general", "support", "scheduling", "recap");
        assertThat(profiles.defaultProfile().name()).isEqualTo("general");
        assertThat(profiles.find("support").orElseThrow().allows("external_tool")).isTrue();
        assertThat(profiles.find("general").orElseThrow().guidance()).isNotBlank();
    }

    @Test
    void homeFilesAddAndReplaceProfiles(@TempDir Path home) throws Exception {
        Files.createDirectories(home.resolve("profiles"));
        Files.writeString(home.resolve("profiles/billing.json"), """
                {"name": "billing", "description": "Invoices and payments", "guidance": "Be exact.",
                 "tools": ["search_messages"], "keywords": ["invoice", "payment"]}""");
        Files.writeString(home.resolve("profiles/general.json"), """
                {"name": "general", "description": "Anything", "tools": []}""");
        var profiles = ProfileFiles.load(home, TOOLS, "billing");
        assertThat(profiles.defaultProfile().name()).isEqualTo("billing");
        assertThat(profiles.find("general").orElseThrow().tools()).isEmpty();
        assertThat(profiles.all()).hasSize(5);
    }

    @Test
    void aBrokenFileIsNamedWithItsProblem(@TempDir Path home) throws Exception {
        Files.createDirectories(home.resolve("profiles"));
        var file = home.resolve("profiles/bad.json");
        Files.writeString(file, "{\"name\": \"bad\", \"description\": \"x\", \"tools\": [\"launch_rockets\"]}");
        assertThatThrownBy(() -> ProfileFiles.load(home, TOOLS, "general"))
                .hasMessageStartingWith(file + ": tools: unknown tool 'launch_rockets'");
        Files.writeString(file, "{\"name\": \"bad\", \"description\": \"x\", \"gaurd\": 1}");
        assertThatThrownBy(() -> ProfileFiles.load(home, TOOLS, "general")).hasMessageContaining("unknown key 'gaurd'");
        Files.writeString(file, "{\"name\": ");
        assertThatThrownBy(() -> ProfileFiles.load(home, TOOLS, "general")).hasMessageContaining("not valid JSON");
        Files.delete(file);
        assertThatThrownBy(() -> ProfileFiles.load(home, TOOLS, "nobody"))
                .hasMessageContaining("no profile named 'nobody'");
    }

    @Test
    void knowledgePassagesAreSplitAtBlankLines() {
        var passages = KnowledgeFolder.passages("# FAQ\n\nWe open at 9.\nWe close at 5.\n\n\nReturns: 30 days.\n");
        assertThat(passages).containsExactly("# FAQ", "We open at 9. We close at 5.", "Returns: 30 days.");
    }
}
