package dev.parley.adapter.ui.catalogue;

import dev.parley.adapter.ui.common.Command;
import dev.parley.adapter.ui.common.TaskExecutor;
import dev.parley.application.catalog.CatalogEditor;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.LearnedAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Catalogue view: every listing with a filter, the selected one's Field Catalog values (editable, audited), and
 * the answers learned from escalations — for the selected property, or all of them.
 */
public final class CatalogueViewModel {
    private final CatalogEditor editor;
    private final TaskExecutor executor;
    private final Supplier<String> operator;
    private final List<CatalogueRow> all = new ArrayList<>();
    private final List<LearnedAnswer> allLearned = new ArrayList<>();
    private final ObservableList<CatalogueRow> rows = FXCollections.observableArrayList();
    private final ObservableList<FieldRow> fields = FXCollections.observableArrayList();
    private final ObservableList<LearnedAnswer> learned = FXCollections.observableArrayList();
    private final StringProperty filter = new SimpleStringProperty("");
    private final ObjectProperty<CatalogueRow> selected = new SimpleObjectProperty<>();
    private final ObjectProperty<Field> editField = new SimpleObjectProperty<>(Field.CEILING_HEIGHT);
    private final StringProperty editValue = new SimpleStringProperty("");
    private final StringProperty status = new SimpleStringProperty("");
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty(false);
    private final Command save;

    public CatalogueViewModel(CatalogEditor editor, TaskExecutor executor, Supplier<String> operator) {
        this.editor = editor;
        this.executor = executor;
        this.operator = operator;
        this.save = new Command(this::saveField, Bindings.createBooleanBinding(() -> !busy.get()
                && selected.get() != null && editField.get() != null, busy, selected, editField));
        filter.addListener((o, a, f) -> applyFilter());
        selected.addListener((o, a, row) -> showSelected());
        editField.addListener((o, a, f) -> editValue.set(currentValue(f)));
    }

    public ObservableList<CatalogueRow> rows() { return rows; }
    public ObservableList<FieldRow> fields() { return fields; }
    public ObservableList<LearnedAnswer> learned() { return learned; }
    public StringProperty filter() { return filter; }
    public ObjectProperty<CatalogueRow> selected() { return selected; }
    public ObjectProperty<Field> editField() { return editField; }
    public StringProperty editValue() { return editValue; }
    public StringProperty status() { return status; }
    public Command save() { return save; }

    public void refresh() {
        executor.submit(p -> new Loaded(editor.entries(), editor.learned()), loaded -> {
            all.clear();
            loaded.entries().forEach(e -> all.add(new CatalogueRow(e)));
            allLearned.clear();
            allLearned.addAll(loaded.learned());
            var keep = selected.get() == null ? null : selected.get().entry().listing().id();
            applyFilter();
            if (keep != null) {
                selected.set(all.stream().filter(r -> r.entry().listing().id() == keep).findFirst().orElse(null));
            }
            showSelected();
            status.set(all.size() + " listings · " + allLearned.size() + " answers learned from escalations");
        }, e -> status.set("Store unavailable: " + e.getClass().getSimpleName()));
    }

    private record Loaded(List<CatalogEntry> entries, List<LearnedAnswer> learned) {
    }

    private void applyFilter() {
        rows.setAll(all.stream().filter(r -> r.matches(filter.get())).toList());
    }

    private void showSelected() {
        var row = selected.get();
        if (row == null) {
            fields.clear();
            learned.setAll(allLearned);
            return;
        }
        var e = row.entry();
        var out = new ArrayList<FieldRow>();
        for (var f : Field.values()) out.add(new FieldRow(f, f.format(e.knowledge(), e.listing()).orElse(null)));
        fields.setAll(out);
        learned.setAll(allLearned.stream().filter(a -> a.propertyId() != null
                && a.propertyId() == e.property().id() || a.allProperties()).toList());
        editValue.set(currentValue(editField.get()));
    }

    private String currentValue(Field field) {
        var row = selected.get();
        if (row == null || field == null) return "";
        var e = row.entry();
        return switch (field) {
            case TEMPERATURE_CONTROLLED, OFFICE_SPACE, HOURS_24H, FORKLIFT, OVERNIGHT_PARKING, SPRINKLERS ->
                    field.truth(e.knowledge()).map(b -> b ? "yes" : "no").orElse("");
            case CEILING_HEIGHT -> e.knowledge().ceilingHeight() == null ? ""
                    : e.knowledge().ceilingHeight().stripTrailingZeros().toPlainString();
            case DOCK_DOORS -> text(e.knowledge().dockDoors());
            case DRIVE_IN_DOORS -> text(e.knowledge().driveInDoors());
            case PARKING -> text(e.knowledge().parkingSpaces());
            case POWER -> text(e.knowledge().electricalService());
            case SECURITY -> text(e.knowledge().securityFeatures());
            case RATE_PER_FOOT -> e.listing().baseRate() == null ? "" : e.listing().baseRate().toPlainString();
            case AVAILABLE_SPACE -> Integer.toString(e.listing().availableSqft());
        };
    }

    private static String text(Object o) {
        return o == null ? "" : o.toString();
    }

    private void saveField() {
        var row = selected.get();
        var field = editField.get();
        var value = editValue.get();
        var who = operator.get();
        busy.set(true);
        executor.submit(p -> editor.setField(row.entry().listing().id(), field, value, who), updated -> {
            busy.set(false);
            var replaced = new CatalogueRow(updated);
            all.replaceAll(r -> r.entry().property().id() == updated.property().id()
                    && r.entry().listing().id() == row.entry().listing().id() ? replaced : r);
            applyFilter();
            selected.set(replaced);
            status.set(field.label() + " of " + updated.property().ref() + " saved"
                    + (value == null || value.isBlank() ? " as unknown" : ""));
        }, e -> {
            busy.set(false);
            status.set("Not saved: " + e.getMessage());
        });
    }
}
