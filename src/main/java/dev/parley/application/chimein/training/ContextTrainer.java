package dev.parley.application.chimein.training;

import dev.parley.domain.chimein.context.ContextQuery;
import dev.parley.domain.chimein.context.ContextWeights;
import dev.parley.domain.chimein.context.DefaultContextStrategy;
import dev.parley.domain.chimein.context.ParentFeatures;
import dev.parley.domain.chimein.context.ParentModel;
import dev.parley.domain.chimein.context.ThreadFeatures;
import dev.parley.domain.chimein.context.ThreadModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Fits the default strategy's {@link ContextWeights} on annotated mentions, deterministically:
 *
 * <ol>
 *   <li>the parent scores, as listwise logistic models (softmax over each mention's candidates, the target spread
 *   evenly over its gold parents), one for mentions that address people who spoke in the window and one for the
 *   rest, where "no parent" is an option of its own (the mention starts a conversation);</li>
 *   <li>the thread model, as a logistic model of "this earlier message is in the mention's conversation" given the
 *   gold parents as the selection;</li>
 *   <li>the thread threshold: the probability, on a grid of 0.05 steps, whose grown selections (from the fitted
 *   parent model's own pick) have the best conversation F1 on these mentions.</li>
 * </ol>
 *
 * Every number is rounded to three decimals, so the tiny differences in embeddings between machines do not change
 * the file.
 */
public final class ContextTrainer {
    /** L2 penalty of every fit (on the mean loss per mention or pair). */
    public static final double L2 = 1e-3;
    /** The most messages a grown selection holds (the answer lists them: a product limit, not fitted). */
    public static final int MAX_SELECTED = 8;

    /**
     * One annotated mention.
     *
     * @param query        what the strategy sees (window, similarity)
     * @param parents      ids of its gold direct parents (empty: it starts a conversation)
     * @param conversation ids of the earlier messages of its gold conversation
     */
    public record Mention(ContextQuery query, Set<Long> parents, Set<Long> conversation) {
    }

    private final int lookback;

    public ContextTrainer(int lookback) {
        this.lookback = lookback;
    }

    public ContextWeights fit(List<Mention> mentions) {
        var addressed = new ArrayList<ListwiseLogit.Group>();
        var unaddressed = new ArrayList<ListwiseLogit.Group>();
        int f = ParentFeatures.Candidate.values().length;
        int g = ParentFeatures.Mention.values().length;
        for (var m : mentions) {
            var features = DefaultContextStrategy.parentFeatures(m.query(), lookback);
            var candidates = features.candidates();
            int gold = 0;
            for (var c : candidates) if (m.parents().contains(c.message().id())) gold++;
            if (features.addressed()) {
                if (gold == 0) continue;
                var options = new double[candidates.size()][];
                var target = new double[candidates.size()];
                for (int k = 0; k < candidates.size(); k++) {
                    options[k] = candidates.get(k).features();
                    if (m.parents().contains(candidates.get(k).message().id())) target[k] = 1.0 / gold;
                }
                addressed.add(new ListwiseLogit.Group(options, target));
            } else {
                boolean starts = m.parents().isEmpty();
                if (!starts && gold == 0) continue; // its parent is further back than the window
                var options = new double[candidates.size() + 1][];
                var target = new double[candidates.size() + 1];
                for (int k = 0; k < candidates.size(); k++) {
                    options[k] = new double[f + g];
                    System.arraycopy(candidates.get(k).features(), 0, options[k], 0, f);
                    if (m.parents().contains(candidates.get(k).message().id())) target[k] = 1.0 / gold;
                }
                options[candidates.size()] = new double[f + g];
                System.arraycopy(features.mention(), 0, options[candidates.size()], f, g);
                if (starts) target[candidates.size()] = 1;
                unaddressed.add(new ListwiseLogit.Group(options, target));
            }
        }
        var addressedModel = new ParentModel(round(ListwiseLogit.fit(addressed, f, L2)), new double[0]);
        var both = round(ListwiseLogit.fit(unaddressed, f + g, L2));
        var unaddressedModel = new ParentModel(java.util.Arrays.copyOfRange(both, 0, f),
                java.util.Arrays.copyOfRange(both, f, f + g));
        var threadWeights = round(fitThread(mentions));
        var parents = new ContextWeights(addressedModel, unaddressedModel,
                new ThreadModel(threadWeights, 0.5, MAX_SELECTED));
        return new ContextWeights(addressedModel, unaddressedModel,
                new ThreadModel(threadWeights, threshold(mentions, parents), MAX_SELECTED));
    }

    /** Pairs (a window message, the gold parents as the selection) labelled by the gold conversation. */
    private double[] fitThread(List<Mention> mentions) {
        int d = ThreadFeatures.Feature.values().length;
        var groups = new ArrayList<ListwiseLogit.Group>();
        var zero = new double[d];
        for (var m : mentions) {
            var q = m.query();
            var recent = q.recent().subList(Math.max(0, q.recent().size() - lookback), q.recent().size());
            var selected = new HashSet<Integer>();
            for (int i = 0; i < recent.size(); i++) if (m.parents().contains(recent.get(i).id())) selected.add(i);
            if (selected.isEmpty()) continue;
            var features = DefaultContextStrategy.threadFeatures(q, lookback);
            for (int i = 0; i < recent.size(); i++) {
                if (selected.contains(i)) continue;
                boolean in = m.conversation().contains(recent.get(i).id());
                groups.add(new ListwiseLogit.Group(new double[][] {features.of(i, selected, List.of()), zero},
                        in ? new double[] {1, 0} : new double[] {0, 1}));
            }
        }
        return ListwiseLogit.fit(groups, d, L2);
    }

    /** The grid threshold whose grown selections have the best conversation F1 (the lowest of equals). */
    private double threshold(List<Mention> mentions, ContextWeights weights) {
        double bestThreshold = 0.5;
        double bestF1 = -1;
        for (int step = 1; step <= 19; step++) {
            double threshold = step / 20.0;
            var candidate = new ContextWeights(weights.addressed(), weights.unaddressed(),
                    new ThreadModel(weights.thread().weights(), threshold, MAX_SELECTED));
            var strategy = DefaultContextStrategy.readingTheConversation(lookback, candidate);
            long found = 0;
            long selected = 0;
            long gold = 0;
            for (var m : mentions) {
                var window = windowIds(m.query());
                var chosen = strategy.select(m.query()).ids();
                for (long id : chosen) if (m.conversation().contains(id)) found++;
                selected += chosen.size();
                for (long id : window) if (m.conversation().contains(id)) gold++;
            }
            double p = selected == 0 ? 0 : (double) found / selected;
            double r = gold == 0 ? 0 : (double) found / gold;
            double f1 = p + r == 0 ? 0 : 2 * p * r / (p + r);
            if (f1 > bestF1 + 1e-12) {
                bestF1 = f1;
                bestThreshold = threshold;
            }
        }
        return bestThreshold;
    }

    private List<Long> windowIds(ContextQuery q) {
        var recent = q.recent().subList(Math.max(0, q.recent().size() - lookback), q.recent().size());
        return recent.stream().map(dev.parley.domain.chimein.ChatMessage::id).toList();
    }

    /** Three decimals; no negative zero. */
    static double[] round(double[] w) {
        var out = new double[w.length];
        for (int i = 0; i < w.length; i++) out[i] = Math.round(w[i] * 1000) / 1000.0 + 0.0;
        return out;
    }
}
