package dev.parley.application.playbook.assistant;

import java.util.List;
import java.util.Map;

/**
 * Port: tools of configured external tool servers (MCP over streamable HTTP), offered to the assistant through the
 * one generic {@code external_tool} channel (seed 001 step 7).
 */
public interface ExternalTools {
    ExternalTools NONE = new ExternalTools() {
        @Override
        public List<Tool> tools() {
            return List.of();
        }

        @Override
        public String call(String server, String tool, Map<String, Object> arguments) {
            throw new ExternalToolException("no external tool servers are configured");
        }
    };

    /** A tool a server offers: its server's configured name, the tool's name, description and input schema (JSON). */
    record Tool(String server, String name, String description, String inputSchema) {
    }

    /** The tools of every reachable server (a server that does not answer is left out). */
    List<Tool> tools();

    /** Calls one tool; its text content joined. @throws ExternalToolException naming what failed */
    String call(String server, String tool, Map<String, Object> arguments);

    /** An external tool call that failed: unknown server or tool, unreachable, or the tool reported an error. */
    final class ExternalToolException extends RuntimeException {
        public ExternalToolException(String message) {
            super(message);
        }

        public ExternalToolException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
