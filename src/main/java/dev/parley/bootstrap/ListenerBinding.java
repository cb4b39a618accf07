package dev.parley.bootstrap;

import dev.parley.adapter.http.HttpListener;
import dev.parley.adapter.http.WebhookRoutes;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listener's address, checked against the configuration and bound before anything else is opened: a bad
 * address, a refused combination or a port in use stops Parley before the store is touched.
 */
public final class ListenerBinding implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ListenerBinding.class);

    private final HttpListener listener;
    private final String origin;

    private ListenerBinding(HttpListener listener, String origin) {
        this.listener = listener;
        this.origin = origin;
    }

    /**
     * Binds the configured {@code listener.bind} and {@code listener.port}; binds nothing when
     * {@code listener.enabled=false} (a console or worker of a team that another process takes the webhooks for).
     */
    public static ListenerBinding bind(ParleyConfig config) {
        if (!config.getBoolean(ConfigKey.LISTENER_ENABLED)) {
            return new ListenerBinding(null, null);
        }
        return bind(config, config.get(ConfigKey.LISTENER_BIND), config.getInt(ConfigKey.LISTENER_PORT),
                config.getBoolean(ConfigKey.LISTENER_ALLOW_REMOTE));
    }

    /**
     * Binds {@code bind:port} (port 0 picks a free one).
     *
     * @throws ConfigException for an unknown host, a non-loopback address without {@code allowRemote}, a
     *     non-loopback address with {@code webhooks.generic.insecure=true}, or an address that cannot be bound
     */
    public static ListenerBinding bind(ParleyConfig config, String bind, int port, boolean allowRemote) {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (IOException e) {
            throw new ConfigException(ConfigKey.LISTENER_BIND.key(), "unknown host");
        }
        if (!address.isLoopbackAddress()) {
            if (!allowRemote) {
                throw new ConfigException(ConfigKey.LISTENER_BIND.key(),
                        "binding to a non-loopback address needs --allow-remote (or listener.allow_remote=true)");
            }
            if (config.getBoolean(ConfigKey.WEBHOOKS_GENERIC_INSECURE)) {
                throw new ConfigException(ConfigKey.WEBHOOKS_GENERIC_INSECURE.key(), "unsigned webhooks are only "
                        + "accepted on a loopback listener; listener.bind " + bind + " is reachable from the network");
            }
            LOG.warn("listener bound to non-loopback address {}: reachable from the network", bind);
        }
        HttpListener listener;
        try {
            listener = new HttpListener(new InetSocketAddress(address, port), () -> config.get(ConfigKey.API_TOKEN));
        } catch (IOException e) {
            throw new ConfigException(ConfigKey.LISTENER_PORT.key(), "cannot listen on " + bind + ":" + port + " ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        var own = new InetSocketAddress(address, listener.port());
        return new ListenerBinding(listener, address.isAnyLocalAddress() ? null : WebhookRoutes.origin(own));
    }

    /** The bound listener, or null when the listener is disabled. */
    HttpListener listener() {
        return listener;
    }

    boolean enabled() {
        return listener != null;
    }

    /** {@code http://address:port} of the listener, or null when bound to a wildcard address. */
    String origin() {
        return origin;
    }

    /** Whether {@code address} (a host name or literal) is this machine's loopback; an unknown host is not. */
    static boolean isLoopback(String address) {
        try {
            return java.net.InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** Releases the address when Parley does not start after all. */
    @Override
    public void close() {
        if (listener != null) listener.close();
    }
}
