package dev.parley.adapter.mcp;

import dev.parley.application.playbook.assistant.ExternalTools;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * External tools of MCP servers over streamable HTTP (the official Java SDK's client). Each configured server
 * ({@code assistant.mcp_servers=name=url,…}) is connected on first use; its tool list is kept for a minute; a
 * server that cannot be reached is left out for a minute before it is tried again. Tool results are the text
 * content of the answer; a tool that reports an error is a failed call.
 */
public final class McpExternalTools implements ExternalTools, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpExternalTools.class);
    private static final Duration LIST_FOR = Duration.ofMinutes(1);

    private final Map<String, URI> servers;
    private final Duration timeout;
    private final Clock clock;
    private final Map<String, McpSyncClient> clients = new ConcurrentHashMap<>();
    private final Map<String, Instant> unavailableUntil = new ConcurrentHashMap<>();
    private volatile List<Tool> tools = List.of();
    private volatile Instant listedAt = Instant.MIN;

    public McpExternalTools(Map<String, URI> servers, Duration timeout, Clock clock) {
        this.servers = Map.copyOf(servers);
        this.timeout = timeout;
        this.clock = clock;
    }

    /** {@code name=url,name=url} as in {@code assistant.mcp_servers}. */
    public static Map<String, URI> parse(String setting) {
        var map = new LinkedHashMap<String, URI>();
        if (setting == null || setting.isBlank()) return map;
        for (var entry : setting.split(",")) {
            var parts = entry.strip().split("=", 2);
            map.put(parts[0].strip(), URI.create(parts[1].strip()));
        }
        return map;
    }

    @Override
    public List<Tool> tools() {
        var now = clock.instant();
        if (now.isBefore(listedAt.plus(LIST_FOR))) return tools;
        var listed = new ArrayList<Tool>();
        for (var server : servers.keySet()) {
            try {
                var client = client(server);
                if (client == null) continue;
                for (var tool : client.listTools().tools()) {
                    listed.add(new Tool(server, tool.name(), tool.description() == null ? "" : tool.description(),
                            schema(tool.inputSchema())));
                }
            } catch (RuntimeException e) {
                unavailable(server, e);
            }
        }
        tools = List.copyOf(listed);
        listedAt = now;
        return tools;
    }

    @Override
    public String call(String server, String tool, Map<String, Object> arguments) {
        if (!servers.containsKey(server)) {
            throw new ExternalToolException("unknown tool server '" + server + "'; configured: " + servers.keySet());
        }
        var client = client(server);
        if (client == null) throw new ExternalToolException("tool server '" + server + "' is unreachable");
        McpSchema.CallToolResult result;
        try {
            result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        } catch (RuntimeException e) {
            unavailable(server, e);
            throw new ExternalToolException(server + "/" + tool + " failed: " + e.getClass().getSimpleName(), e);
        }
        var text = result.content() == null ? "" : result.content().stream()
                .filter(c -> c instanceof McpSchema.TextContent).map(c -> ((McpSchema.TextContent) c).text())
                .collect(Collectors.joining("\n"));
        if (Boolean.TRUE.equals(result.isError())) {
            throw new ExternalToolException(server + "/" + tool + " reported an error: "
                    + (text.length() > 200 ? text.substring(0, 200) : text));
        }
        return text;
    }

    private McpSyncClient client(String server) {
        var until = unavailableUntil.get(server);
        if (until != null && clock.instant().isBefore(until)) return null;
        return clients.computeIfAbsent(server, name -> {
            var uri = servers.get(name);
            var origin = uri.getScheme() + "://" + uri.getRawAuthority();
            var path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/mcp" : uri.getRawPath();
            var transport = HttpClientStreamableHttpTransport.builder(origin).endpoint(path)
                    .connectTimeout(Duration.ofSeconds(5)).build();
            var client = McpClient.sync(transport).requestTimeout(timeout).initializationTimeout(timeout)
                    .clientInfo(new McpSchema.Implementation("parley", "1")).build();
            client.initialize();
            LOG.info("connected to MCP server {}", name);
            return client;
        });
    }

    private void unavailable(String server, RuntimeException e) {
        LOG.warn("MCP server {} unavailable ({}); retrying in a minute", server, e.getClass().getSimpleName());
        unavailableUntil.put(server, clock.instant().plus(Duration.ofMinutes(1)));
        var client = clients.remove(server);
        if (client != null) client.closeGracefully();
    }

    private static String schema(Map<String, Object> inputSchema) {
        if (inputSchema == null) return "{}";
        var properties = inputSchema.get("properties");
        return properties instanceof Map<?, ?> p ? p.keySet().toString() : "{}";
    }

    @Override
    public void close() {
        clients.values().forEach(McpSyncClient::closeGracefully);
        clients.clear();
    }
}
