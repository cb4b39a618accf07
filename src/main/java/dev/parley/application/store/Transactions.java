package dev.parley.application.store;

import java.util.function.Consumer;
import java.util.function.Function;

/** Runs work in one database transaction: all of its effects commit together, or none do. */
public interface Transactions {

    <T> T inTransaction(Function<Store, T> work);

    default void run(Consumer<Store> work) {
        inTransaction(store -> {
            work.accept(store);
            return null;
        });
    }
}
