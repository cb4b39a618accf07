package dev.parley.testing;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Texts to check the per-text memos against (issue 17): every template of the demo ({@code DemoTexts}' lists, read by
 * reflection, each also filled in with a name and a place) and, when the shared labelled data is on this machine, the
 * UCI SMS collection's texts ({@code /work/shared/data/sms-spam-uci}).
 */
public final class RecurringTexts {
    private static final Path SMS = Path.of("/work/shared/data/sms-spam-uci/SMSSpamCollection.tsv");

    private RecurringTexts() {
    }

    /** The demo's templates, raw and filled. */
    public static List<String> demoTemplates() {
        Set<String> texts = new LinkedHashSet<>();
        try {
            Class<?> demo = Class.forName("dev.parley.bootstrap.demo.DemoTexts");
            for (Field f : demo.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) || !List.class.isAssignableFrom(f.getType())) continue;
                f.setAccessible(true);
                collect(f.get(null), texts);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("DemoTexts' lists are not readable", e);
        }
        var filled = new ArrayList<String>();
        for (String t : texts) {
            filled.add(t.replace("{name}", "Margaret").replace("{first}", "Bridget").replace("{last}", "O'Brien")
                    .replace("{place}", "Cork").replace("{relative}", "great-grandmother").replace("{year}", "1887"));
        }
        texts.addAll(filled);
        if (texts.size() < 100) throw new IllegalStateException("expected the demo's templates, found " + texts.size());
        return List.copyOf(texts);
    }

    /** The SMS texts of the labelled data (empty when the data is not on this machine). */
    public static List<String> labelledSms() {
        if (!Files.isRegularFile(SMS)) return List.of();
        try {
            var texts = new ArrayList<String>();
            for (String line : Files.readAllLines(SMS, StandardCharsets.UTF_8)) {
                int tab = line.indexOf('\t');
                if (tab > 0) texts.add(line.substring(tab + 1));
            }
            return texts;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Both, templates first. */
    public static List<String> all() {
        var all = new ArrayList<>(demoTemplates());
        all.addAll(labelledSms());
        return all;
    }

    private static void collect(Object value, Set<String> into) {
        if (value instanceof String s) {
            into.add(s);
        } else if (value instanceof List<?> list) {
            for (Object o : list) collect(o, into);
        }
    }
}
