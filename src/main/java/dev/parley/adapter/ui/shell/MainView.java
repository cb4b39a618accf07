package dev.parley.adapter.ui.shell;

import dev.parley.adapter.ui.common.Fxml;
import dev.parley.adapter.ui.queue.QueueView;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/** The main window: navigation with counts on the left, the selected section or an open conversation. */
public final class MainView {
    private final MainViewModel model;
    private final Function<Section, Parent> otherViews;
    private final Function<Section, java.util.List<dev.parley.adapter.ui.queue.QueueAction>> queueActions;
    private final Map<Section, QueueView> queueViews = new EnumMap<>(Section.class);
    private final Map<Section, Parent> views = new EnumMap<>(Section.class);
    private final Parent root;
    private Node overlay;
    @FXML private Label sectionTitle;
    @FXML private Label operatorLabel;
    @FXML private Button shortcutsButton;
    @FXML private ListView<NavItem> navigation;
    @FXML private StackPane content;
    @FXML private Label statusLabel;
    @FXML private Label modelLabel;
    @FXML private Label teamLabel;
    @FXML private Label versionLabel;
    @FXML private HBox alertBanner;
    @FXML private Label alertBannerText;
    @FXML private Button alertBannerOpen;
    @FXML private Button alertBannerDismiss;

    /** {@code otherViews} builds Replay, Dashboard and Settings; {@code queueActions} each queue's row actions. */
    public MainView(MainViewModel model, Function<Section, Parent> otherViews,
                    Function<Section, java.util.List<dev.parley.adapter.ui.queue.QueueAction>> queueActions,
                    String version, Runnable showShortcuts) {
        this.model = model;
        this.otherViews = otherViews;
        this.queueActions = queueActions;
        this.root = Fxml.load("MainWindow", this);
        versionLabel.setText("Parley " + version);
        shortcutsButton.setOnAction(e -> showShortcuts.run());
    }

    @FXML
    private void initialize() {
        navigation.setId("navigation");
        navigation.setItems(model.navigation());
        navigation.setCellFactory(l -> new NavCell());
        navigation.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item != null) model.section().set(item.section());
        });
        model.section().addListener((o, a, s) -> show(s));
        operatorLabel.textProperty().bind(Bindings.concat("Operator: ", model.operator()));
        statusLabel.textProperty().bind(model.status());
        modelLabel.textProperty().bind(model.modelStatus());
        modelLabel.setId("model-status");
        model.modelFailing().addListener((o, was, failing) -> {
            modelLabel.getStyleClass().remove("status-model-failing");
            if (failing) modelLabel.getStyleClass().add("status-model-failing");
        });
        if (model.modelFailing().get()) modelLabel.getStyleClass().add("status-model-failing");
        teamLabel.textProperty().bind(model.teamStatus());
        teamLabel.setId("team-status");
        teamLabel.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
        model.teamDegraded().addListener((o, was, degraded) -> {
            teamLabel.getStyleClass().remove("status-team-degraded");
            if (degraded) teamLabel.getStyleClass().add("status-team-degraded");
        });
        navigation.setAccessibleText("Queues and views");
        navigation.setAccessibleHelp("Ctrl+1 to Ctrl+9 jump to an entry; the number is how many items wait there");
        shortcutsButton.setAccessibleText("Keyboard shortcuts");
        statusLabel.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
        alertBannerText.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
        alertBannerText.setAccessibleRoleDescription("alert");
        alertBannerText.setAccessibleHelp("Ctrl+1 opens Human review; Escape dismisses");
        alertBannerOpen.setOnAction(e -> {
            model.dismissAnnouncement();
            model.section().set(Section.HUMAN_REVIEW);
        });
        alertBannerDismiss.setOnAction(e -> model.dismissAnnouncement());
        model.announcement().addListener((o, a, text) -> announce(text));
        model.announcementUrgent().addListener((o, a, urgent) -> {
            alertBanner.getStyleClass().remove("alert-banner-urgent");
            if (urgent) alertBanner.getStyleClass().add("alert-banner-urgent");
        });
    }

    /**
     * Shows an alert in the banner and hands it to a screen reader: the label's accessible text changes (announced
     * where the platform reports text changes) and, unless the operator is typing, the banner takes the focus, which
     * every screen reader announces.
     */
    private void announce(String text) {
        boolean show = text != null && !text.isBlank();
        alertBanner.setVisible(show);
        alertBanner.setManaged(show);
        alertBannerText.setText(show ? text : "");
        alertBannerText.setAccessibleText(show ? text : null);
        if (!show) return;
        alertBannerText.notifyAccessibleAttributeChanged(javafx.scene.AccessibleAttribute.TEXT);
        var scene = alertBannerText.getScene();
        if (scene != null && !(scene.getFocusOwner() instanceof javafx.scene.control.TextInputControl)) {
            alertBannerText.requestFocus();
        }
    }

    /** The banner's text, as a screen reader gets it (tests). */
    public Label announcementLabel() {
        return alertBannerText;
    }

    public Parent root() {
        return root;
    }

    /** Shows the initial section and selects it in the navigation. */
    public void start() {
        navigation.getSelectionModel().select(model.section().get().ordinal());
        show(model.section().get());
    }

    private void show(Section section) {
        closeOverlay();
        sectionTitle.setText(section.title());
        Parent view;
        if (!section.ownView()) {
            var queueView = queueViews.computeIfAbsent(section, s -> new QueueView(model.queue(s.queue()),
                    queueActions.apply(s)));
            view = queueView.root();
            model.queue(section.queue()).refresh();
        } else {
            view = views.computeIfAbsent(section, otherViews);
        }
        content.getChildren().setAll(view);
        if (navigation.getSelectionModel().getSelectedIndex() != section.ordinal()) {
            navigation.getSelectionModel().select(section.ordinal());
        }
    }

    /** Shows a conversation over the current section until {@link #closeOverlay()}. */
    public void showOverlay(Node node) {
        closeOverlay();
        overlay = node;
        content.getChildren().add(node);
    }

    public boolean closeOverlay() {
        if (overlay == null) return false;
        content.getChildren().remove(overlay);
        overlay = null;
        var queueView = queueViews.get(model.section().get());
        if (queueView != null) queueView.focusTable();
        return true;
    }

    public boolean hasOverlay() {
        return overlay != null;
    }

    /** The queue view of the current section, or null. */
    public QueueView currentQueue() {
        return overlay == null ? queueViews.get(model.section().get()) : null;
    }

    /** A navigation entry: title and a count badge. */
    private static final class NavCell extends ListCell<NavItem> {
        @Override
        protected void updateItem(NavItem item, boolean empty) {
            super.updateItem(item, empty);
            textProperty().unbind();
            if (empty || item == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            var title = new Label(item.section().title());
            var count = new Label();
            count.getStyleClass().add("count-badge");
            count.textProperty().bind(item.count().asString());
            count.visibleProperty().bind(item.count().greaterThanOrEqualTo(0));
            if (item.section() == Section.OPPORTUNITIES) count.getStyleClass().add("count-opportunity");
            if (item.section().ordinal() <= 1) {
                // red only while something waits
                count.getStyleClass().removeAll("count-urgent");
                if (item.count().get() > 0) count.getStyleClass().add("count-urgent");
                item.count().addListener((o, a, n) -> {
                    count.getStyleClass().removeAll("count-urgent");
                    if (n.longValue() > 0) count.getStyleClass().add("count-urgent");
                });
            }
            var spacer = new Region();
            HBox.setHgrow(spacer, javafx.scene.layout.Priority.ALWAYS);
            var line = new HBox(6, title, spacer, count);
            line.setId("nav-" + item.section().name().toLowerCase());
            setText(null);
            setGraphic(line);
        }
    }
}
