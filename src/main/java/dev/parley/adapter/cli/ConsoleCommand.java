package dev.parley.adapter.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code parley console} (also {@code parley} with no command): the operator console plus the whole pipeline. */
@Command(name = "console", mixinStandardHelpOptions = true,
        description = "Open the operator console; the listener, worker, scheduler and senders run in the same process.")
final class ConsoleCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;

    @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
    java.nio.file.Path home;

    @Option(names = "--port", paramLabel = "N", description = "listener port (default: listener.port, 8787)")
    Integer port;

    @Option(names = "--bind", paramLabel = "ADDR", description = "listener address (default: 127.0.0.1)")
    String bind;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "override a configuration key")
    Map<String, String> settings = new LinkedHashMap<>();

    @Override
    public Integer call() {
        parent.launcher().console(new Launcher.ServeOptions(home != null ? home : parent.home, port, bind, false, settings));
        return 0;
    }
}
