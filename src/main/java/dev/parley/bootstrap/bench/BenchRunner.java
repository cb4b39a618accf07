package dev.parley.bootstrap.bench;

import java.nio.file.Path;

/** Runs the three ingest measurements one after another, each with a warm-up, each in a fresh temp directory. */
public final class BenchRunner {
    /** The Parley end-to-end part, built by the composition root. */
    @FunctionalInterface
    public interface Pipeline {
        PipelineRun.Figures run(Path freshHome) throws Exception;
    }

    private final int messages;
    private final int clients;

    public BenchRunner(int messages, int clients) {
        this.messages = messages;
        this.clients = clients;
    }

    /** Warm-up batch size: enough for C1/C2 to compile the hot paths, small next to the measured batch. */
    public static int warmUp(int messages) {
        return Math.max(100, Math.min(2000, messages / 2));
    }

    public BenchFigures run(Pipeline pipeline) throws Exception {
        double raw = inTempDir(dir -> RawH2Inserts.rowsPerSecond(dir, warmUp(messages), messages));
        double bare;
        try (var server = new BareHttpServer()) {
            LoadGenerator.run(BenchMessages.signed(server.baseUrl(), SECRET, "warm", warmUp(messages)), clients);
            bare = LoadGenerator.run(BenchMessages.signed(server.baseUrl(), SECRET, "timed", messages), clients)
                    .perSecond();
        }
        var figures = inTempDir(pipeline::run);
        return new BenchFigures(messages, clients, raw, bare, figures);
    }

    /** Any valid secret: the bare server does not verify. */
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYqr";

    private interface InDir<T> {
        T apply(Path dir) throws Exception;
    }

    private static <T> T inTempDir(InDir<T> work) throws Exception {
        try (var scratch = ScratchDirectory.create("parley-bench-")) {
            return work.apply(scratch.path());
        }
    }
}
