package dev.parley.adapter.files;

import dev.parley.application.console.ReplyTemplate;
import dev.parley.application.console.ReplyTemplates;
import dev.parley.application.operator.InvalidRequestException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Canned replies as files: {@code $PARLEY_HOME/replies/<name>.txt}, the file's text the template's (UTF-8, a final
 * newline dropped). Written atomically; a directory that does not exist yet is created with a few starters. A file
 * whose name or text is not a valid template is not offered, and {@link #problems()} says why.
 */
public final class FileReplyTemplates implements ReplyTemplates {
    private static final Logger LOG = LoggerFactory.getLogger(FileReplyTemplates.class);
    private static final String SUFFIX = ".txt";
    /** The starters a new home gets. */
    static final List<ReplyTemplate> STARTERS = List.of(
            new ReplyTemplate("thanks", "Thank you, {contact_name}! This is really helpful. — {operator_name}"),
            new ReplyTemplate("checking-in", "Hi {contact_name}, just checking in: is now a good time to talk? "
                    + "— {operator_name}"),
            new ReplyTemplate("photo-request", "Hi {contact_name}, would you be willing to share a photo or scan of "
                    + "it? We would take great care with it. — {operator_name}"),
            new ReplyTemplate("property-details", "Hi {contact_name}, here are the details of {last_property}. "
                    + "Would you like to book a tour? — {operator_name}"),
            new ReplyTemplate("here-for-you", "Hi {contact_name}, this is {operator_name}, a person, not an "
                    + "automated message. We're here if you want to talk, and we won't message you again unless "
                    + "you want us to."));
    private final Path directory;

    public FileReplyTemplates(Path home) {
        this.directory = home.resolve("replies");
        if (Files.notExists(directory)) {
            try {
                Files.createDirectories(directory);
                for (var starter : STARTERS) save(starter);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public List<ReplyTemplate> list() {
        var out = new ArrayList<ReplyTemplate>();
        read(out, new ArrayList<>());
        return out;
    }

    @Override
    public List<String> problems() {
        var problems = new ArrayList<String>();
        read(new ArrayList<>(), problems);
        return problems;
    }

    private void read(List<ReplyTemplate> templates, List<String> problems) {
        if (!Files.isDirectory(directory)) return;
        try (var files = Files.list(directory)) {
            for (var file : files.filter(f -> f.getFileName().toString().endsWith(SUFFIX))
                    .sorted(Comparator.comparing(Path::getFileName)).toList()) {
                var fileName = file.getFileName().toString();
                var name = fileName.substring(0, fileName.length() - SUFFIX.length());
                try {
                    var text = Files.readString(file, StandardCharsets.UTF_8);
                    if (text.endsWith("\n")) text = text.substring(0, text.length() - 1);
                    templates.add(new ReplyTemplate(name, text));
                } catch (InvalidRequestException e) {
                    problems.add(fileName + ": " + e.getMessage());
                    LOG.warn("reply template {} not usable: {}", fileName, e.field());
                } catch (IOException e) {
                    problems.add(fileName + ": cannot read (" + e.getClass().getSimpleName() + ")");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void save(ReplyTemplate template) {
        try {
            Files.createDirectories(directory);
            AtomicFiles.writeString(directory.resolve(template.name() + SUFFIX), template.text() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean delete(String name) {
        try {
            return Files.deleteIfExists(directory.resolve(new ReplyTemplate(name, "x").name() + SUFFIX));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
