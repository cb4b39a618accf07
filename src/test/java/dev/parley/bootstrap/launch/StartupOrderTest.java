package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parley serve} refuses a listener it must not or cannot run before it opens the store: the exit code is 2,
 * the message names the key, and no database file is created or migrated.
 */
class StartupOrderTest {
    @TempDir Path home;
    final StringWriter err = new StringWriter();

    int serve(String... args) {
        var all = new java.util.ArrayList<>(List.of("serve", "--home", home.toString()));
        all.addAll(List.of(args));
        return Main.run(all.toArray(String[]::new), new PrintWriter(new StringWriter(), true),
                new PrintWriter(err, true));
    }

    void assertStoreUntouched() {
        assertThat(home.resolve("data").resolve("parley.mv.db")).doesNotExist();
    }

    @Test
    void aNonLoopbackBindWithoutAllowRemoteIsRefusedBeforeTheStoreIsOpened() {
        assertThat(serve("--bind", "192.0.2.10")).isEqualTo(2);
        assertThat(err.toString()).contains("listener.bind").contains("--allow-remote");
        assertStoreUntouched();
    }

    @Test
    void aPortInUseIsRefusedBeforeTheStoreIsOpened() throws Exception {
        try (var taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(serve("--port", Integer.toString(taken.getLocalPort()))).isEqualTo(2);
        }
        assertThat(err.toString()).contains("listener.port").contains("cannot listen on 127.0.0.1:");
        assertStoreUntouched();
    }

    @Test
    void unsignedWebhooksOnANonLoopbackBindAreRefused() throws Exception {
        var address = nonLoopbackAddress();
        assertThat(serve("--bind", address, "--allow-remote", "--port", "0", "--set", "webhooks.generic.insecure=true"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("webhooks.generic.insecure").contains("loopback");
        assertStoreUntouched();
    }

    /** The wildcard address: non-loopback, and bindable on any machine. */
    private static String nonLoopbackAddress() {
        return "0.0.0.0";
    }
}
