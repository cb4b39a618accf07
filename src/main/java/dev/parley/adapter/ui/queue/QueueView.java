package dev.parley.adapter.ui.queue;

import dev.parley.adapter.ui.common.Fxml;
import dev.parley.application.console.QueueFilter;
import dev.parley.application.console.QueueKind;
import dev.parley.application.console.QueueSort;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.MouseButton;

/** A queue as a virtualised table; binds to its {@link QueueViewModel} and forwards clicks. */
public final class QueueView {
    private final QueueViewModel model;
    private final java.util.List<QueueAction> actions;
    private final Parent root;
    @FXML private TextField searchField;
    @FXML private TextField playbookField;
    @FXML private TextField stateField;
    @FXML private ComboBox<String> channelBox;
    @FXML private ComboBox<String> alertsBox;
    @FXML private ComboBox<QueueSort> sortBox;
    @FXML private Button revealButton;
    @FXML private javafx.scene.layout.HBox actionBar;
    @FXML private TableView<QueueRow> table;
    @FXML private TableColumn<QueueRow, String> ageColumn;
    @FXML private TableColumn<QueueRow, String> contactColumn;
    @FXML private TableColumn<QueueRow, String> playbookColumn;
    @FXML private TableColumn<QueueRow, String> stateColumn;
    @FXML private TableColumn<QueueRow, String> alertsColumn;
    @FXML private TableColumn<QueueRow, String> whyColumn;
    @FXML private TableColumn<QueueRow, String> previewColumn;
    @FXML private TableColumn<QueueRow, String> statusColumn;
    @FXML private Label statusLabel;
    @FXML private Button loadMoreButton;

    /** {@code actions}: buttons acting on the selected row (the Failed queue's; empty elsewhere). */
    public QueueView(QueueViewModel model, java.util.List<QueueAction> actions) {
        this.model = model;
        this.actions = java.util.List.copyOf(actions);
        this.root = Fxml.load("QueueView", this);
    }

    @FXML
    private void initialize() {
        table.setId("queue-" + model.kind().name().toLowerCase());
        searchField.setId("search-" + model.kind().name().toLowerCase());
        alertsBox.setId("alerts-" + model.kind().name().toLowerCase());
        table.setItems(model.rows());
        var empty = new Label(model.emptyText());
        empty.getStyleClass().add("empty-state");
        empty.setWrapText(true);
        table.setPlaceholder(empty);
        ageColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().age()));
        contactColumn.setCellValueFactory(c -> c.getValue().contact());
        playbookColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().item().playbook()));
        stateColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().item().state()));
        alertsColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().categories()));
        previewColumn.setCellValueFactory(c -> c.getValue().preview());
        statusColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().item().status()));
        whyColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().why()));
        boolean explained = model.kind() == QueueKind.HUMAN_REVIEW || model.kind() == QueueKind.OPPORTUNITIES;
        whyColumn.setVisible(explained);
        if (explained) previewColumn.setPrefWidth(220);
        sortable();
        table.setRowFactory(t -> {
            var row = new TableRow<QueueRow>();
            row.setOnMouseClicked(e -> {
                if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2 && !row.isEmpty()) {
                    model.openSelected();
                }
            });
            return row;
        });
        // selection <-> view-model index, both ways
        table.getSelectionModel().selectedIndexProperty().addListener((o, a, i) -> model.selectedIndex().set(
                i.intValue()));
        model.selectedIndex().addListener((o, a, i) -> {
            if (table.getSelectionModel().getSelectedIndex() != i.intValue()) {
                table.getSelectionModel().clearAndSelect(i.intValue());
            }
            table.scrollTo(Math.max(0, i.intValue() - 3));
        });
        searchField.textProperty().bindBidirectional(model.search());
        playbookField.textProperty().bindBidirectional(model.playbook());
        stateField.textProperty().bindBidirectional(model.state());
        channelBox.getItems().setAll("", "sms", "chat", "email", "whatsapp", "telegram", "generic");
        channelBox.valueProperty().bindBidirectional(model.channel());
        searchField.setOnAction(e -> model.refreshFromTop());
        playbookField.setOnAction(e -> model.refreshFromTop());
        stateField.setOnAction(e -> model.refreshFromTop());
        channelBox.setOnAction(e -> model.refreshFromTop());
        alertsBox.getItems().setAll("");
        alertsBox.getItems().addAll(QueueFilter.ALERT_FILTERS);
        alertsBox.setConverter(new javafx.util.StringConverter<>() {
            @Override public String toString(String v) { return v == null || v.isEmpty() ? "Any alerts" : v; }
            @Override public String fromString(String s) { return s; }
        });
        alertsBox.valueProperty().bindBidirectional(model.alerts());
        alertsBox.setOnAction(e -> model.refreshFromTop());
        // the conversation-wide alert filter: All conversations, and Held & filtered (a held message of a contact in
        // crisis comes first to mind)
        boolean alertFilter = model.kind() == QueueKind.ALL || model.kind() == QueueKind.HELD;
        alertsBox.setVisible(alertFilter);
        alertsBox.setManaged(alertFilter);
        sortBox.getItems().setAll(model.sorts());
        sortBox.setConverter(new javafx.util.StringConverter<>() {
            @Override public String toString(QueueSort v) { return v == null ? "" : v.label(model.kind()); }
            @Override public QueueSort fromString(String s) { return null; }
        });
        sortBox.valueProperty().bindBidirectional(model.sort());
        sortBox.setDisable(model.sorts().size() < 2);
        table.setAccessibleText(model.kind().title() + " queue");
        table.setAccessibleHelp("J and K move, Enter opens the conversation, V reveals masked text");
        searchField.setAccessibleText("Search " + model.kind().title());
        searchField.setAccessibleHelp("Contact, conversation key or words of the messages; Enter searches");
        sortBox.setAccessibleText("Order of " + model.kind().title());
        alertsBox.setAccessibleText("Filter by alerts");
        playbookField.setAccessibleText("Filter by playbook");
        stateField.setAccessibleText("Filter by state");
        channelBox.setAccessibleText("Filter by channel");
        revealButton.setOnAction(e -> model.revealSelected());
        revealButton.disableProperty().bind(model.selectedIndex().lessThan(0));
        for (var action : actions) {
            var button = new Button(action.label());
            button.setId(action.id());
            button.setOnAction(e -> {
                var row = model.selected();
                if (row != null && action.appliesTo().test(row)) action.run().accept(row);
            });
            button.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(() -> {
                var row = model.selected();
                return row == null || !action.appliesTo().test(row);
            }, model.selectedIndex(), model.rows()));
            actionBar.getChildren().add(button);
        }
        loadMoreButton.disableProperty().bind(model.loadMoreCommand().executable().not());
        loadMoreButton.setOnAction(e -> model.loadMoreCommand().execute());
        statusLabel.textProperty().bind(model.status());
    }

    /**
     * Column headers sort the whole queue in the store: Age by time, Alerts by severity (All conversations); the
     * other columns are not sortable, since sorting the loaded rows would misrepresent the queue.
     */
    private void sortable() {
        for (var column : table.getColumns()) column.setSortable(false);
        var sorts = model.sorts();
        ageColumn.setSortable(sorts.contains(QueueSort.OLDEST));
        alertsColumn.setSortable(sorts.contains(QueueSort.SEVERITY));
        table.setSortPolicy(t -> {
            var order = t.getSortOrder();
            QueueSort wanted = QueueSort.defaultOf(model.kind());
            if (!order.isEmpty()) {
                var column = order.getFirst();
                if (column == alertsColumn) {
                    wanted = QueueSort.SEVERITY;
                } else if (column == ageColumn) {
                    wanted = column.getSortType() == TableColumn.SortType.ASCENDING ? QueueSort.NEWEST
                            : QueueSort.OLDEST;
                }
            }
            if (model.sort().get() != wanted) model.sort().set(wanted);
            return true;
        });
    }

    public Parent root() {
        return root;
    }

    public void focusSearch() {
        searchField.requestFocus();
    }

    public void focusTable() {
        table.requestFocus();
    }
}
