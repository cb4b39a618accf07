package dev.parley.bootstrap.launch;

import dev.parley.testing.ReplyToEachPlaybook;
import java.util.List;

/**
 * {@code parley} with the test playbooks installed besides the built-in ones, for crash tests that run it as a child
 * JVM ({@code serve …}): the same command line, composition and store as the real one.
 */
public final class ServeWithTestPlaybooks {
    private ServeWithTestPlaybooks() {
    }

    public static void main(String[] args) {
        System.exit(Main.run(args, null, null, new ParleyLauncher(List.of(new ReplyToEachPlaybook()))));
    }
}
