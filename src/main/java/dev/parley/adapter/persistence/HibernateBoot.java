package dev.parley.adapter.persistence;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.hibernate.SessionFactory;

/**
 * Hibernate's session factory, built on a thread of its own while the schema is migrated (most of Parley's start-up
 * otherwise: issue 37, docs/benchmarks.md "bench startup"), then validated against the migrated schema as {@code
 * hibernate.hbm2ddl.auto=validate} would have at build time.
 */
final class HibernateBoot {
    private final CompletableFuture<SessionFactory> factory;

    private HibernateBoot(CompletableFuture<SessionFactory> factory) {
        this.factory = factory;
    }

    /** Starts building with {@code build}, which must not validate the schema itself. */
    static HibernateBoot start(Supplier<SessionFactory> build) {
        var factory = new CompletableFuture<SessionFactory>();
        Thread.ofPlatform().name("parley-hibernate-boot").daemon().start(() -> {
            try {
                factory.complete(build.get());
            } catch (Throwable e) {
                factory.completeExceptionally(e);
            }
        });
        return new HibernateBoot(factory);
    }

    /**
     * Waits for the factory and validates its mapping against the schema now in the store; a failure of either is
     * thrown as it was (the factory is closed then).
     */
    SessionFactory validated() {
        var sessionFactory = built();
        try {
            sessionFactory.getSchemaManager().validateMappedObjects();
            return sessionFactory;
        } catch (RuntimeException e) {
            sessionFactory.close();
            throw e;
        }
    }

    /** The store could not be opened: waits for the build to end and closes what it built, before the pool closes. */
    void abandon() {
        factory.handle((sessionFactory, failure) -> {
            if (sessionFactory != null && sessionFactory.isOpen()) sessionFactory.close();
            return null;
        }).join();
    }

    private SessionFactory built() {
        try {
            return factory.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) throw cause;
            if (e.getCause() instanceof Error error) throw error;
            throw e;
        }
    }
}
