import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The JDK's AOT cache for the Linux app-image (JEP 483/514/515, docs/installers.md): classes loaded and linked, and
 * method profiles, from a training run of the image's own launcher, so that a started Parley skips most of a fresh
 * JVM's class loading and early profiling (docs/benchmarks.md, "bench ingest at a steady rate"). The cache is valid only for the exact
 * runtime and jars it was made with (their sizes and times), so it is made here, on the finished image, by the
 * image's own launcher. {@code installer/jpackage-linux.args} makes the launcher map it ({@code -XX:AOTCache=
 * $APPDIR/parley.aot}) with the JVM's log sent to stderr: a missing or stale cache prints its errors there and
 * Parley starts as it would without it (the JVM's default {@code -XX:AOTMode=auto}); stdout keeps only Parley's
 * output.
 */
final class AotCache {
    static final String FILE = "parley.aot";
    /** The launcher's option, as jpackage writes it into the image's {@code .cfg} from jpackage-linux.args. */
    private static final String OPTION = "java-options=-XX:AOTCache=$APPDIR/" + FILE;
    /** The training run: the ingest benchmark at a steady rate (HTTP, receipts, pipeline, screen, store). */
    private static final List<String> TRAINING = List.of("bench", "ingest", "--rate", "100", "--seconds", "10");

    private AotCache() {
    }

    /** Trains, assembles the cache into the image's app directory, and checks that the launcher maps it. */
    static Path make(Path appImage, Path appDir) throws IOException, InterruptedException {
        long started = System.nanoTime();
        var work = Package.WORK.resolve("aot-training");
        RuntimeModules.deleteTree(work);
        Files.createDirectories(work.resolve("home"));
        Files.createDirectories(work.resolve("tmp"));
        var launcher = appImage.resolve("bin/parley").toAbsolutePath();
        var cache = appDir.resolve(FILE);
        // relative to the work directory, so that no path with spaces goes into JAVA_TOOL_OPTIONS
        var cacheFromWork = work.toAbsolutePath().relativize(cache.toAbsolutePath());
        var cfg = appDir.resolve("parley.cfg");
        var original = Files.readString(cfg);
        if (!original.contains(OPTION + "\n")) {
            Package.fail(cfg + " lacks '" + OPTION + "' (installer/jpackage-linux.args)");
        }
        // the JVM refuses -XX:AOTCache together with the training's -XX:AOTMode=record: left out while training
        Files.writeString(cfg, original.replace(OPTION + "\n", ""));
        try {
            launch(launcher, work, "training.log", "-XX:AOTMode=record -XX:AOTConfiguration=parley.aotconf", TRAINING);
            launch(launcher, work, "assembly.log", "-XX:AOTMode=create -XX:AOTConfiguration=parley.aotconf"
                    + " -XX:AOTCache=" + cacheFromWork, List.of("--version"));
        } finally {
            Files.writeString(cfg, original);
        }
        Files.deleteIfExists(work.resolve("parley.aotconf"));
        // -XX:AOTMode=on makes a cache that does not map an error: the launcher as shipped must map this one
        launch(launcher, work, "check.log", "-XX:AOTMode=on", List.of("--version"));
        Package.log(String.format("AOT cache %s: %,d bytes, trained and checked in %d s (logs in %s)", cache,
                Files.size(cache), (System.nanoTime() - started) / 1_000_000_000L, work));
        return cache;
    }

    private static void launch(Path launcher, Path work, String log, String jvmOptions, List<String> args)
            throws IOException, InterruptedException {
        var command = new java.util.ArrayList<String>();
        command.add(launcher.toString());
        command.addAll(args);
        Package.log("$ JAVA_TOOL_OPTIONS='" + jvmOptions + "' " + String.join(" ", command));
        var builder = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve(log).toFile());
        var env = builder.environment();
        env.put("JAVA_TOOL_OPTIONS", jvmOptions + " -Djava.io.tmpdir=tmp");
        // a throw-away home: nothing of the packaging user's ~/.parley is read or written
        env.put("PARLEY_HOME", work.resolve("home").toAbsolutePath().toString());
        env.put("HOME", work.resolve("home").toAbsolutePath().toString());
        int code = builder.start().waitFor();
        if (code != 0) {
            Package.fail(launcher + " " + String.join(" ", args) + " exited with " + code + " (see " + work.resolve(log)
                    + ")");
        }
    }
}
