package dev.parley.adapter.cli;

import dev.parley.application.JsonMappers;
import dev.parley.application.alerts.training.DevSource;
import dev.parley.application.alerts.training.SourceText;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The five public sets {@code parley train alerts} learns from, in a data folder laid out as Parley's shared data
 * is: {@code sms-spam-uci/SMSSpamCollection.tsv}, {@code sms-india/spam_ham_india.csv},
 * {@code hate-speech-offensive/labeled_data.csv}, {@code selfharm-dev/suicide-watch-sample.csv} and
 * {@code irc-disentanglement/dev.jsonl} (everyday chat lines). Each file's SHA-256 is kept for the model file.
 */
final class TrainingDataFiles {
    static final String UCI = "sms-spam-uci/SMSSpamCollection.tsv";
    static final String DAVIDSON = "hate-speech-offensive/labeled_data.csv";
    static final String SELF_HARM = "selfharm-dev/suicide-watch-sample.csv";
    static final String INDIA = "sms-india/spam_ham_india.csv";
    static final String IRC = "irc-disentanglement/dev.jsonl";

    /** What was read: every text with its source, and each file's hash by its path under the data folder. */
    record Read(List<SourceText> texts, Map<String, String> sha256) {
    }

    private TrainingDataFiles() {
    }

    static Read read(Path dir) throws IOException, DatasetFormatException, MissingFileException {
        var texts = new ArrayList<SourceText>();
        var hashes = new LinkedHashMap<String, String>();
        hashes.put(UCI, read(dir, UCI, in -> new UciSmsReader().read(in, m -> texts.add(new SourceText(
                m.label() == MessageLabel.BENIGN ? DevSource.SMS_HAM : DevSource.SMS_SPAM, m.line(), m.text())))));
        hashes.put(DAVIDSON, read(dir, DAVIDSON, in -> new DavidsonCsvReader().read(in, m -> texts.add(new SourceText(
                switch (m.label()) {
                    case BENIGN -> DevSource.TWEET_NEITHER;
                    case OFFENSIVE -> DevSource.TWEET_OFFENSIVE;
                    default -> DevSource.TWEET_HATE;
                }, m.line(), m.text())))));
        hashes.put(SELF_HARM, read(dir, SELF_HARM, in -> selfHarm(in, texts)));
        hashes.put(INDIA, read(dir, INDIA, in -> new CsvColumnsReader("Msg", "Label", Set.of("spam")).read(in,
                m -> texts.add(new SourceText(m.label() == MessageLabel.HOSTILE ? DevSource.INDIA_SPAM
                        : DevSource.INDIA_HAM, m.line(), m.text())))));
        hashes.put(IRC, read(dir, IRC, in -> irc(in, texts)));
        return new Read(texts, hashes);
    }

    /** The self-harm set: {@code class,text}, class {@code suicide} or {@code non-suicide}, nothing else. */
    private static void selfHarm(Reader in, List<SourceText> texts) throws IOException, DatasetFormatException {
        var rows = new ArrayList<LabelledMessage>();
        new CsvColumnsReader("text", "class", Set.of("suicide")).read(in, rows::add);
        for (var row : rows) {
            texts.add(new SourceText(row.label() == MessageLabel.HOSTILE ? DevSource.POST_SUICIDE
                    : DevSource.POST_NON_SUICIDE, row.line(), row.text()));
        }
    }

    /**
     * The Ubuntu IRC dev lines ({@code dev.jsonl}): every line that is a message or an action ({@code kind} other
     * than {@code system}), its {@code text} as written. Every one is ordinary chat.
     */
    private static void irc(Reader in, List<SourceText> texts) throws IOException, DatasetFormatException {
        var reader = new java.io.BufferedReader(in);
        var json = JsonMappers.PLAIN;
        long line = 0;
        for (var text = reader.readLine(); text != null; text = reader.readLine()) {
            line++;
            if (text.isBlank()) continue;
            com.fasterxml.jackson.databind.JsonNode node;
            try {
                node = json.readTree(text);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new DatasetFormatException(line, "not a JSON object");
            }
            if (node == null || !node.path("kind").isTextual() || !node.path("text").isTextual()) {
                throw new DatasetFormatException(line, "expected an object with string fields 'kind' and 'text'");
            }
            if (!node.get("kind").asText().equals("system")) {
                texts.add(new SourceText(DevSource.IRC, line, node.get("text").asText()));
            }
        }
    }

    private interface FileBody {
        void read(Reader in) throws IOException, DatasetFormatException;
    }

    private static String read(Path dir, String name, FileBody body)
            throws IOException, DatasetFormatException, MissingFileException {
        var file = dir.resolve(name);
        if (!Files.isRegularFile(file)) throw new MissingFileException(file);
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream raw = Files.newInputStream(file);
             var hashed = new DigestInputStream(raw, digest);
             Reader in = new java.io.InputStreamReader(hashed, StandardCharsets.UTF_8.newDecoder())) {
            try {
                body.read(in);
            } catch (DatasetFormatException e) {
                throw e.in(name);
            }
            hashed.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** A data file the training needs is not where it should be. */
    static final class MissingFileException extends Exception {
        MissingFileException(Path file) {
            super("missing " + file + " (--data must be a folder laid out as Parley's shared data)");
        }
    }
}
