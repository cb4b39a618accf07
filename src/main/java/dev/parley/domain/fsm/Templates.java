package dev.parley.domain.fsm;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A playbook's reply templates: name → text with {@code {placeholder}} slots.
 *
 * @param texts template name → text, in file order
 */
public record Templates(Map<String, String> texts) {

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_]*)}");

    public Templates {
        texts = Collections.unmodifiableMap(new LinkedHashMap<>(texts));
    }

    public static Templates none() {
        return new Templates(Map.of());
    }

    public Optional<String> text(String name) {
        return Optional.ofNullable(texts.get(name));
    }

    /** Placeholder names used by a template, in order of first use. */
    public Set<String> placeholders(String name) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(require(name));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    /**
     * Fills a template.
     *
     * @throws IllegalArgumentException if the template is unknown or a placeholder has no value:
     *                                  a message with a raw {@code {year}} must never reach a person
     */
    public String render(String name, Map<String, ?> values) {
        Matcher m = PLACEHOLDER.matcher(require(name));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Object value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException(
                        "template '" + name + "': no value for placeholder {" + m.group(1) + "}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value.toString()));
        }
        m.appendTail(out);
        return out.toString();
    }

    private String require(String name) {
        String text = texts.get(name);
        if (text == null) {
            throw new IllegalArgumentException("unknown template '" + name + "'");
        }
        return text;
    }
}
