package dev.parley.adapter.ui.dashboard;

import dev.parley.adapter.ui.common.Fxml;
import dev.parley.application.console.DashboardFigures;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;

/** Four charts: traffic per hour, alerts per category, queue sizes, age of the oldest item. */
public final class DashboardView {
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("HH:00").withZone(ZoneId.systemDefault());
    private final DashboardViewModel model;
    private final Parent root;
    @FXML private BarChart<String, Number> trafficChart;
    @FXML private BarChart<String, Number> alertsChart;
    @FXML private BarChart<String, Number> queuesChart;
    @FXML private BarChart<String, Number> ageChart;
    @FXML private Label statusLabel;
    @FXML private Label acknowledgementLabel;
    @FXML private BarChart<String, Number> funnelChart;
    @FXML private Label funnelLabel;
    @FXML private Button refreshButton;

    public DashboardView(DashboardViewModel model) {
        this.model = model;
        this.root = Fxml.load("DashboardView", this);
    }

    @FXML
    private void initialize() {
        statusLabel.textProperty().bind(model.status());
        acknowledgementLabel.textProperty().bind(model.acknowledgement());
        acknowledgementLabel.setId("time-to-acknowledge");
        acknowledgementLabel.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
        refreshButton.setOnAction(e -> model.refresh());
        for (var chart : java.util.List.of(trafficChart, alertsChart, queuesChart, ageChart)) {
            chart.setAnimated(false);
            chart.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
            chart.setAccessibleText(chart.getTitle());
        }
        funnelChart.setAnimated(false);
        model.funnel().addListener((o, a, f) -> showFunnel(f));
        model.figures().addListener((o, a, f) -> show(f));
        if (model.figures().get() != null) show(model.figures().get());
    }

    private void show(DashboardFigures f) {
        var in = new XYChart.Series<String, Number>();
        in.setName("in");
        var out = new XYChart.Series<String, Number>();
        out.setName("out");
        for (var h : f.traffic()) {
            in.getData().add(new XYChart.Data<>(HOUR.format(h.hour()), h.in()));
            out.getData().add(new XYChart.Data<>(HOUR.format(h.hour()), h.out()));
        }
        trafficChart.getData().setAll(java.util.List.of(in, out));
        var alerts = new XYChart.Series<String, Number>();
        alerts.setName("alerts, last 7 days");
        f.alertsPerCategory().forEach((category, n) -> alerts.getData().add(new XYChart.Data<>(category, n)));
        alertsChart.getData().setAll(java.util.List.of(alerts));
        var sizes = new XYChart.Series<String, Number>();
        sizes.setName("items");
        f.queueSizes().forEach((kind, n) -> {
            if (kind != dev.parley.application.console.QueueKind.ALL) {
                sizes.getData().add(new XYChart.Data<>(kind.title(), n));
            }
        });
        queuesChart.getData().setAll(java.util.List.of(sizes));
        var ages = new XYChart.Series<String, Number>();
        ages.setName("hours");
        f.oldestAge().forEach((kind, age) -> ages.getData().add(new XYChart.Data<>(kind.title() + " ("
                + DashboardViewModel.age(age) + ")", age.toMinutes() / 60.0)));
        ageChart.getData().setAll(java.util.List.of(ages));
        // a screen reader reads each chart's figures as text
        queuesChart.setAccessibleText(queuesChart.getTitle() + ": " + String.join(", ", sizes.getData().stream()
                .map(d -> d.getXValue() + " " + d.getYValue()).toList()));
        alertsChart.setAccessibleText(alertsChart.getTitle() + ": " + String.join(", ", alerts.getData().stream()
                .map(d -> d.getXValue() + " " + d.getYValue()).toList()));
        ageChart.setAccessibleText(ageChart.getTitle() + ": " + String.join(", ", ages.getData().stream()
                .map(d -> d.getXValue()).toList()));
        long totalIn = f.traffic().stream().mapToLong(t -> t.in()).sum();
        long totalOut = f.traffic().stream().mapToLong(t -> t.out()).sum();
        trafficChart.setAccessibleText(trafficChart.getTitle() + ": " + totalIn + " in, " + totalOut + " out in 24 hours");
    }

    private void showFunnel(dev.parley.application.console.BuyerJourneys.Funnel f) {
        var series = new XYChart.Series<String, Number>();
        series.setName("conversations");
        f.byPhase().forEach((phase, n) -> series.getData().add(new XYChart.Data<>(phase.stateName(), n)));
        funnelChart.getData().setAll(java.util.List.of(series));
        funnelLabel.setText(DashboardViewModel.medians(f));
    }

    public Parent root() {
        return root;
    }
}
