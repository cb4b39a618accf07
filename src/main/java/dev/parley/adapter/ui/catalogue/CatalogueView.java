package dev.parley.adapter.ui.catalogue;

import dev.parley.adapter.ui.common.Fxml;
import dev.parley.domain.catalog.Field;
import dev.parley.domain.catalog.LearnedAnswer;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

/** The catalogue: listings with a filter, the selected one's fields (edit one), answers learned from escalations. */
public final class CatalogueView {
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMM d HH:mm")
            .withZone(ZoneId.systemDefault());
    private final CatalogueViewModel model;
    private final Parent root;
    @FXML private TextField filterField;
    @FXML private TableView<CatalogueRow> table;
    @FXML private TableColumn<CatalogueRow, String> refColumn;
    @FXML private TableColumn<CatalogueRow, String> nameColumn;
    @FXML private TableColumn<CatalogueRow, String> placeColumn;
    @FXML private TableColumn<CatalogueRow, String> spaceColumn;
    @FXML private TableColumn<CatalogueRow, String> rateColumn;
    @FXML private TableColumn<CatalogueRow, String> availableColumn;
    @FXML private TableColumn<CatalogueRow, String> usesColumn;
    @FXML private TableView<FieldRow> fieldsTable;
    @FXML private TableColumn<FieldRow, String> fieldColumn;
    @FXML private TableColumn<FieldRow, String> valueColumn;
    @FXML private ComboBox<Field> fieldBox;
    @FXML private TextField valueField;
    @FXML private Button saveButton;
    @FXML private TableView<LearnedAnswer> learnedTable;
    @FXML private TableColumn<LearnedAnswer, String> learnedQuestionColumn;
    @FXML private TableColumn<LearnedAnswer, String> learnedAnswerColumn;
    @FXML private TableColumn<LearnedAnswer, String> learnedByColumn;
    @FXML private Label statusLabel;
    @FXML private Button refreshButton;

    public CatalogueView(CatalogueViewModel model) {
        this.model = model;
        this.root = Fxml.load("CatalogueView", this);
    }

    @FXML
    private void initialize() {
        table.setId("catalogue");
        table.setItems(model.rows());
        var empty = new Label("The catalogue is empty. Import one with 'parley catalog import <file>' (CSV or JSON), "
                + "or the demo with 'parley catalog import --demo'.");
        empty.setWrapText(true);
        empty.getStyleClass().add("empty-state");
        table.setPlaceholder(empty);
        refColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().ref()));
        nameColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        placeColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().place()));
        spaceColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().space()));
        rateColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().rate()));
        availableColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().available()));
        usesColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().uses()));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> model.selected().set(row));
        filterField.textProperty().bindBidirectional(model.filter());
        fieldsTable.setItems(model.fields());
        fieldColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().label()));
        valueColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().shown()));
        fieldsTable.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> {
            if (row != null) model.editField().set(row.field());
        });
        fieldBox.getItems().setAll(Field.values());
        fieldBox.setCellFactory(l -> new FieldCell());
        fieldBox.setButtonCell(new FieldCell());
        fieldBox.valueProperty().bindBidirectional(model.editField());
        valueField.textProperty().bindBidirectional(model.editValue());
        valueField.setPromptText("empty = unknown");
        saveButton.disableProperty().bind(model.save().executable().not());
        saveButton.setOnAction(e -> model.save().execute());
        learnedTable.setItems(model.learned());
        learnedQuestionColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().question()));
        learnedAnswerColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().answer()
                + (c.getValue().allProperties() ? "  (every property)" : "")));
        learnedByColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper((c.getValue().answeredBy() == null ? ""
                : c.getValue().answeredBy()) + " · " + DAY.format(c.getValue().answeredAt())
                + (c.getValue().escalationId() == null ? "" : " · escalation #" + c.getValue().escalationId())));
        statusLabel.textProperty().bind(model.status());
        refreshButton.setOnAction(e -> model.refresh());
    }

    public Parent root() {
        return root;
    }

    private static final class FieldCell extends ListCell<Field> {
        @Override
        protected void updateItem(Field field, boolean empty) {
            super.updateItem(field, empty);
            setText(empty || field == null ? null : field.label());
        }
    }
}
