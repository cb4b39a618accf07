package dev.parley.adapter.persistence;

import java.util.Properties;

/**
 * The login of a connection a Parley process keeps to PostgreSQL outside its pool (its registration, its LISTEN):
 * named {@code parley pid N (role)} in {@code pg_stat_activity}, no row values in server errors, TCP keepalives, and
 * a socket timeout, so that a server gone silent fails a statement instead of hanging it.
 */
final class DedicatedConnection {
    private DedicatedConnection() {
    }

    static Properties login(String user, String password, String role, int socketTimeoutSeconds) {
        var login = new Properties();
        login.setProperty("user", user);
        login.setProperty("password", password);
        login.setProperty("logServerErrorDetail", "false");
        login.setProperty("ApplicationName", "parley pid " + ProcessHandle.current().pid() + " (" + role + ")");
        login.setProperty("tcpKeepAlive", "true");
        login.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
        login.setProperty("connectTimeout", Integer.toString(socketTimeoutSeconds));
        login.setProperty("loginTimeout", Integer.toString(2 * socketTimeoutSeconds));
        return login;
    }
}
