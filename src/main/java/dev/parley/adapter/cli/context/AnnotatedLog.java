package dev.parley.adapter.cli.context;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One log of an irc-disentanglement folder with its gold links: {@code NAME.annotation.txt} ({@code A B -}: B
 * responds to A; {@code A = B}: B starts a conversation) beside {@code NAME.raw.txt}, or {@code NAME.ascii.txt}
 * where there is no raw log.
 */
public record AnnotatedLog(String name, List<IrcLine> lines, Map<Integer, Set<Integer>> parents,
                           Set<Integer> annotated, Map<Integer, Integer> conversationOf) {

    private static final String ANNOTATION = ".annotation.txt";

    /** Every annotated log of {@code dir}, by name. */
    public static List<AnnotatedLog> readFolder(Path dir) throws IOException, IrcLogFormatException {
        if (!Files.isDirectory(dir)) throw new IrcLogFormatException(dir + ": not a folder");
        List<Path> annotations;
        try (Stream<Path> files = Files.list(dir)) {
            annotations = files.filter(p -> p.getFileName().toString().endsWith(ANNOTATION)).sorted().toList();
        }
        if (annotations.isEmpty()) throw new IrcLogFormatException(dir + ": no *" + ANNOTATION + " files");
        var logs = new ArrayList<AnnotatedLog>();
        for (var annotation : annotations) logs.add(read(annotation));
        return logs;
    }

    /** The two files log {@code name} of {@code dir} is read from: its annotation, then its raw (else ascii) log. */
    public static List<Path> sourceFiles(Path dir, String name) throws IrcLogFormatException {
        var annotationFile = dir.resolve(name + ANNOTATION);
        var raw = annotationFile.resolveSibling(name + ".raw.txt");
        var ascii = annotationFile.resolveSibling(name + ".ascii.txt");
        var log = Files.exists(raw) ? raw : ascii;
        if (!Files.exists(log)) {
            throw new IrcLogFormatException(annotationFile + ": no " + raw.getFileName() + " or " + ascii.getFileName());
        }
        return List.of(annotationFile, log);
    }

    static AnnotatedLog read(Path annotationFile) throws IOException, IrcLogFormatException {
        var fileName = annotationFile.getFileName().toString();
        var name = fileName.substring(0, fileName.length() - ANNOTATION.length());
        var log = sourceFiles(annotationFile.getParent() == null ? Path.of(".") : annotationFile.getParent(), name)
                .get(1);
        var lines = IrcLogReader.read(name, readLines(log));
        var parents = new HashMap<Integer, Set<Integer>>();
        var annotated = new TreeSet<Integer>();
        var union = new UnionFind();
        var links = readLines(annotationFile);
        for (int i = 0; i < links.size(); i++) {
            var line = links.get(i).strip();
            if (line.isEmpty()) continue;
            var parts = line.split("\\s+");
            int a;
            int b;
            try {
                a = Integer.parseInt(parts[0]);
                b = Integer.parseInt(parts[1]);
            } catch (RuntimeException e) {
                throw new IrcLogFormatException(annotationFile + ":" + (i + 1) + ": expected 'A B -' with line numbers");
            }
            if (a < 0 || b < 0 || a >= lines.size() || b >= lines.size()) {
                throw new IrcLogFormatException(annotationFile + ":" + (i + 1) + ": line number outside " + log.getFileName());
            }
            int child = Math.max(a, b);
            int parent = Math.min(a, b);
            annotated.add(child);
            if (parent != child) parents.computeIfAbsent(child, k -> new TreeSet<>()).add(parent);
            union.join(parent, child);
        }
        var conversationOf = new HashMap<Integer, Integer>();
        for (int id : union.members()) conversationOf.put(id, union.root(id));
        return new AnnotatedLog(name, lines, parents, annotated, conversationOf);
    }

    /** The gold parents of line {@code id} (empty when it starts a conversation). */
    public Set<Integer> parentsOf(int id) {
        return parents.getOrDefault(id, Set.of());
    }

    /** The earlier lines of the gold conversation of line {@code id}. */
    public Set<Integer> earlierInConversation(int id) {
        var root = conversationOf.get(id);
        var out = new LinkedHashSet<Integer>();
        if (root == null) return out;
        conversationOf.forEach((line, r) -> {
            if (r.equals(root) && line < id) out.add(line);
        });
        return out;
    }

    private static List<String> readLines(Path file) throws IOException, IrcLogFormatException {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try {
            var text = decoder.decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
            var lines = new ArrayList<>(List.of(text.split("\n", -1)));
            if (!lines.isEmpty() && lines.getLast().isEmpty()) lines.removeLast();
            return lines;
        } catch (CharacterCodingException e) {
            throw new IrcLogFormatException(file + ": unreadable text");
        }
    }

    /** Connected components of the link graph: a gold conversation. */
    private static final class UnionFind {
        private final Map<Integer, Integer> up = new HashMap<>();

        void join(int a, int b) {
            int ra = root(a);
            int rb = root(b);
            if (ra != rb) up.put(Math.max(ra, rb), Math.min(ra, rb));
        }

        int root(int a) {
            up.putIfAbsent(a, a);
            int r = a;
            while (up.get(r) != r) r = up.get(r);
            up.put(a, r);
            return r;
        }

        Set<Integer> members() {
            return new TreeSet<>(up.keySet());
        }
    }
}
