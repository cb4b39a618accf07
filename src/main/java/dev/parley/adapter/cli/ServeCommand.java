package dev.parley.adapter.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code parley serve}: headless Parley (listener, worker, scheduler, senders) until stopped. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Run Parley headless: HTTP listener, pipeline worker, scheduler and senders.")
final class ServeCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;

    @picocli.CommandLine.Option(names = "--home", paramLabel = "DIR",
            description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    java.nio.file.Path home;

    @Option(names = "--port", paramLabel = "N", description = "listener port (default: listener.port, 8787)")
    Integer port;

    @Option(names = "--bind", paramLabel = "ADDR", description = "listener address (default: 127.0.0.1)")
    String bind;

    @Option(names = "--allow-remote", description = "allow a non-loopback --bind address")
    boolean allowRemote;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a configuration key")
    Map<String, String> settings = new LinkedHashMap<>();

    @Override
    public Integer call() throws InterruptedException {
        parent.launcher().serve(new Launcher.ServeOptions(home != null ? home : parent.home, port, bind, allowRemote, settings));
        return 0;
    }
}
