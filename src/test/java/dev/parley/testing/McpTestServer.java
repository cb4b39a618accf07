package dev.parley.testing;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * A real MCP server over streamable HTTP (the official SDK's servlet transport in an embedded Tomcat on port 0)
 * with two tools: {@code opening_hours(branch)} and {@code fail()} (a tool that reports an error).
 */
public final class McpTestServer implements AutoCloseable {
    private final Tomcat tomcat = new Tomcat();
    private final McpSyncServer server;
    public final List<Map<String, Object>> calls = new CopyOnWriteArrayList<>();

    public McpTestServer() {
        var transport = HttpServletStreamableServerTransportProvider.builder().mcpEndpoint("/mcp").build();
        var hours = McpSchema.Tool.builder("opening_hours").description("Opening hours of a branch")
                .inputSchema(Map.of("type", "object", "properties", Map.of("branch", Map.of("type", "string")),
                        "required", List.of("branch"))).build();
        var fail = McpSchema.Tool.builder("fail").description("Always fails")
                .inputSchema(Map.of("type", "object", "properties", Map.of())).build();
        server = McpServer.sync(transport).serverInfo("test-shop", "1.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(new McpServerFeatures.SyncToolSpecification(hours, (exchange, request) -> {
                    calls.add(request.arguments());
                    var branch = String.valueOf(request.arguments().getOrDefault("branch", "?"));
                    return McpSchema.CallToolResult.builder().addTextContent("The " + branch
                            + " branch is open 9:00-17:30 Monday to Saturday.").isError(false).build();
                }), new McpServerFeatures.SyncToolSpecification(fail, (exchange, request) ->
                        McpSchema.CallToolResult.builder().addTextContent("backend down").isError(true).build()))
                .build();
        tomcat.setPort(0);
        tomcat.getConnector();
        var context = tomcat.addContext("", null);
        var wrapper = Tomcat.addServlet(context, "mcp", transport);
        wrapper.setAsyncSupported(true);
        context.addServletMappingDecoded("/*", "mcp");
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The server's MCP endpoint, e.g. {@code http://127.0.0.1:41234/mcp}. */
    public String url() {
        return "http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/mcp";
    }

    @Override
    public void close() {
        server.closeGracefully();
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            throw new IllegalStateException(e);
        }
    }
}
