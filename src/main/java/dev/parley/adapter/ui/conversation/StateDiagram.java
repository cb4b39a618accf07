package dev.parley.adapter.ui.conversation;

import java.util.List;
import javafx.scene.Group;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;

/** Draws a {@link DiagramLayout} into a pane: rounded state boxes, arrows, current state and path highlighted. */
final class StateDiagram {
    static final double BOX_W = 118;
    static final double BOX_H = 30;
    static final double GAP_X = 16;
    static final double GAP_Y = 34;

    private StateDiagram() {
    }

    static void draw(Pane pane, DiagramLayout layout, String current, List<String> path) {
        pane.getChildren().clear();
        if (layout == null) return;
        double width = layout.widest() * (BOX_W + GAP_X) + GAP_X;
        pane.setMinSize(width, layout.layers() * (BOX_H + GAP_Y) + GAP_Y / 2);
        pane.setPrefSize(width, layout.layers() * (BOX_H + GAP_Y) + GAP_Y / 2);
        var edges = new Group();
        for (var t : layout.edges()) {
            var from = layout.box(t.from());
            var to = layout.box(t.to());
            if (from == null || to == null || from.equals(to)) continue;
            double x1 = x(layout, from) + BOX_W / 2;
            double y1 = y(from) + (to.layer() >= from.layer() ? BOX_H : 0);
            double x2 = x(layout, to) + BOX_W / 2;
            double y2 = y(to) + (to.layer() >= from.layer() ? 0 : BOX_H);
            if (to.layer() == from.layer()) {
                y1 = y(from) + BOX_H / 2;
                y2 = y1;
                x1 = x(layout, from) + (x2 > x1 ? BOX_W : 0);
                x2 = x(layout, to) + (x2 > x1 ? 0 : BOX_W);
            }
            boolean taken = onPath(path, t.from(), t.to());
            var line = new Line(x1, y1, x2, y2);
            line.getStyleClass().addAll("edge", taken ? "edge-taken" : "edge-plain");
            edges.getChildren().addAll(line, arrow(x1, y1, x2, y2, taken));
        }
        pane.getChildren().add(edges);
        for (var box : layout.boxes()) {
            var rect = new Rectangle(x(layout, box), y(box), BOX_W, BOX_H);
            rect.setArcWidth(14);
            rect.setArcHeight(14);
            rect.getStyleClass().add("state-box");
            if (path.contains(box.state())) rect.getStyleClass().add("state-visited");
            if (box.state().equals(current)) rect.getStyleClass().add("state-current");
            var label = new Text(box.state());
            label.getStyleClass().add("state-label");
            if (box.state().equals(current)) label.getStyleClass().add("state-label-current");
            label.setX(x(layout, box) + (BOX_W - label.getLayoutBounds().getWidth()) / 2);
            label.setY(y(box) + BOX_H / 2 + 4);
            rect.setId("state-" + box.state());
            pane.getChildren().addAll(rect, label);
        }
    }

    private static boolean onPath(List<String> path, String from, String to) {
        for (int i = 0; i + 1 < path.size(); i++) {
            if (path.get(i).equals(from) && path.get(i + 1).equals(to)) return true;
        }
        return false;
    }

    private static double x(DiagramLayout layout, DiagramLayout.Box box) {
        double rowWidth = layout.width(box.layer()) * (BOX_W + GAP_X);
        double offset = (layout.widest() * (BOX_W + GAP_X) - rowWidth) / 2;
        return GAP_X + offset + box.slot() * (BOX_W + GAP_X);
    }

    private static double y(DiagramLayout.Box box) {
        return GAP_Y / 2 + box.layer() * (BOX_H + GAP_Y);
    }

    private static Polygon arrow(double x1, double y1, double x2, double y2, boolean taken) {
        double angle = Math.atan2(y2 - y1, x2 - x1);
        double size = 7;
        var head = new Polygon(x2, y2,
                x2 - size * Math.cos(angle - Math.PI / 7), y2 - size * Math.sin(angle - Math.PI / 7),
                x2 - size * Math.cos(angle + Math.PI / 7), y2 - size * Math.sin(angle + Math.PI / 7));
        head.getStyleClass().addAll("arrow", taken ? "edge-taken" : "edge-plain");
        return head;
    }
}
