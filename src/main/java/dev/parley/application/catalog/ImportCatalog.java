package dev.parley.application.catalog;

import dev.parley.application.store.Transactions;
import dev.parley.domain.catalog.CatalogEntry;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Imports a catalogue in one transaction (all of it or nothing): each property is inserted or, when its ref exists,
 * replaced together with its listings and knowledge; properties not in the file stay. Exports the whole catalogue.
 */
public final class ImportCatalog {

    /** What an import did. */
    public record Summary(int properties, int listings, int created, int updated) {
    }

    private final Transactions transactions;
    private final Clock clock;

    public ImportCatalog(Transactions transactions, Clock clock) {
        this.transactions = transactions;
        this.clock = clock;
    }

    public Summary load(List<CatalogItem> items) {
        return transactions.inTransaction(store -> {
            var now = clock.instant();
            int listings = 0;
            int created = 0;
            for (var item : items) {
                var catalog = store.catalog();
                if (catalog.propertyByRef(item.property().ref()).isEmpty()) created++;
                var stored = catalog.saveProperty(item.property(), now);
                listings += catalog.replaceListings(stored.id(), item.listings()).size();
                catalog.saveKnowledge(item.knowledge().withPropertyId(stored.id()), now);
            }
            return new Summary(items.size(), listings, created, items.size() - created);
        });
    }

    public List<CatalogItem> export() {
        return transactions.inTransaction(store -> {
            var items = new ArrayList<CatalogItem>();
            for (var p : store.catalog().properties()) {
                items.add(new CatalogItem(p, store.catalog().listings(p.id()), store.catalog().knowledge(p.id())));
            }
            return items;
        });
    }

    /** Every active listing, for the console's Catalogue view. */
    public List<CatalogEntry> entries() {
        return transactions.inTransaction(store -> store.catalog().activeEntries());
    }
}
