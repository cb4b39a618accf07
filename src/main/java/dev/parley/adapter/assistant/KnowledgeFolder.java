package dev.parley.adapter.assistant;

import dev.parley.application.playbook.assistant.DocumentLibrary;
import dev.parley.domain.assistant.Keywords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The team's documents for the assistant: {@code .md} and {@code .txt} files in {@code $PARLEY_HOME/knowledge/},
 * split into passages at blank lines (long ones cut at ~600 characters), re-read when a file changes. A passage
 * matches when it shares at least a third of the question's keywords (at least one).
 */
public final class KnowledgeFolder implements DocumentLibrary {
    private static final Logger LOG = LoggerFactory.getLogger(KnowledgeFolder.class);
    private static final int PASSAGE = 600;
    private final Path dir;
    private List<String> passages = List.of();
    private FileTime readAt;

    public KnowledgeFolder(Path dir) {
        this.dir = dir;
    }

    @Override
    public synchronized List<String> snippets(List<String> keywords, int limit) {
        if (keywords.isEmpty() || !Files.isDirectory(dir)) return List.of();
        refresh();
        int needed = Math.max(1, (keywords.size() + 2) / 3);
        record Scored(String passage, int hits, int order) {
        }
        var scored = new ArrayList<Scored>();
        for (int i = 0; i < passages.size(); i++) {
            int hits = Keywords.hits(keywords, passages.get(i));
            if (hits >= needed) scored.add(new Scored(passages.get(i), hits, i));
        }
        return scored.stream().sorted(Comparator.comparingInt(Scored::hits).reversed().thenComparingInt(Scored::order))
                .limit(limit).map(Scored::passage).toList();
    }

    private void refresh() {
        try (var files = Files.list(dir)) {
            var list = files.filter(f -> f.toString().endsWith(".md") || f.toString().endsWith(".txt")).sorted()
                    .toList();
            FileTime latest = FileTime.fromMillis(0);
            for (var f : list) {
                var t = Files.getLastModifiedTime(f);
                if (t.compareTo(latest) > 0) latest = t;
            }
            if (latest.equals(readAt) && !passages.isEmpty()) return;
            var read = new ArrayList<String>();
            for (var f : list) read.addAll(passages(Files.readString(f, StandardCharsets.UTF_8)));
            passages = List.copyOf(read);
            readAt = latest;
        } catch (IOException e) {
            LOG.warn("knowledge folder unreadable: {}", e.getClass().getName());
        }
    }

    static List<String> passages(String text) {
        var out = new ArrayList<String>();
        for (var block : text.split("\\R\\s*\\R")) {
            var passage = block.replaceAll("\\s+", " ").strip();
            while (passage.length() > PASSAGE) {
                int cut = passage.lastIndexOf(". ", PASSAGE);
                cut = cut < PASSAGE / 2 ? PASSAGE : cut + 1;
                out.add(passage.substring(0, cut).strip());
                passage = passage.substring(cut).strip();
            }
            if (!passage.isEmpty()) out.add(passage);
        }
        return out;
    }
}
