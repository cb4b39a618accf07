package dev.parley.adapter.ui.conversation;

import java.util.List;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The unblock dialog: only the playbook's resumable states, and a note that must not be empty. */
public final class UnblockViewModel {
    private final ObservableList<String> states;
    private final ObjectProperty<String> state = new SimpleObjectProperty<>();
    private final StringProperty note = new SimpleStringProperty("");
    private final BooleanBinding valid;

    public UnblockViewModel(List<String> resumableStates, String preferred) {
        this.states = FXCollections.observableArrayList(resumableStates);
        state.set(resumableStates.contains(preferred) ? preferred
                : resumableStates.isEmpty() ? null : resumableStates.getFirst());
        valid = state.isNotNull().and(note.isNotEmpty()).and(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !note.get().isBlank(), note));
    }

    public ObservableList<String> states() {
        return states;
    }

    public ObjectProperty<String> state() {
        return state;
    }

    public StringProperty note() {
        return note;
    }

    public BooleanBinding valid() {
        return valid;
    }
}
