package dev.parley.bootstrap;

import dev.parley.adapter.http.HttpListener;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP listener Parley serves on, while it runs: started on a binding, restarted on a new address from Settings
 * (the old one bound again if the new one cannot be), closed with Parley. The home's run file names its address.
 */
final class ServedListener {
    private static final Logger LOG = LoggerFactory.getLogger(ServedListener.class);

    private final Path home;
    private final ListenerRoutes routes;
    private final Runnable afterServing;
    private volatile HttpListener listener;

    /** {@code afterServing} runs each time a listener starts serving (Telegram's poller, when configured). */
    ServedListener(Path home, ListenerRoutes routes, Runnable afterServing) {
        this.home = home;
        this.routes = routes;
        this.afterServing = afterServing;
    }

    /** Serves every route on {@code binding} (bound before the store was opened), unless the listener is off. */
    synchronized void serve(ListenerBinding binding) {
        if (!binding.enabled()) {
            LOG.info("listener disabled (listener.enabled=false): no webhooks and no API in this process");
            return;
        }
        listener = binding.listener();
        listener.start(routes.routes(binding.origin()));
        RunFile.write(home, binding.origin() != null ? binding.origin() : "http://127.0.0.1:" + listener.port());
        afterServing.run();
    }

    /** Moves to the address and port of {@code config}; returns {@code address:port} now served. */
    synchronized String restart(ParleyConfig config) {
        if (listener == null) throw new IllegalStateException("the listener is not running");
        int oldPort = listener.port();
        var oldBind = listener.address();
        listener.close();
        ListenerBinding binding;
        try {
            binding = ListenerBinding.bind(config);
        } catch (ConfigException e) {
            serve(ListenerBinding.bind(config, oldBind, oldPort, true));
            throw e;
        }
        serve(binding);
        var where = config.get(ConfigKey.LISTENER_BIND) + ":" + listener.port();
        LOG.info("listener restarted on {}", where);
        return where;
    }

    /** Whether a listener runs on an address other machines can reach. */
    boolean reachableFromNetwork() {
        var serving = listener;
        return serving != null && !ListenerBinding.isLoopback(serving.address());
    }

    /** The port served, or -1 before the listener starts (and when it is off). */
    int port() {
        var serving = listener;
        return serving == null ? -1 : serving.port();
    }

    /** Stops taking requests (those being answered finish) and removes the run file. */
    synchronized void close() {
        if (listener != null) {
            listener.close();
            RunFile.remove(home);
        }
    }
}
