package dev.parley.application.console;

import dev.parley.application.operator.InvalidRequestException;
import dev.parley.domain.limit.FieldLimit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A canned reply: a name (what the operator types after {@code /}) and a text with variables in braces:
 * {@value #CONTACT_NAME}, {@value #LAST_PROPERTY}, {@value #OPERATOR_NAME}. Any other {@code {word}} is refused, so a
 * misspelt variable can never be sent as literal braces.
 */
public record ReplyTemplate(String name, String text) {
    public static final String CONTACT_NAME = "{contact_name}";
    public static final String LAST_PROPERTY = "{last_property}";
    public static final String OPERATOR_NAME = "{operator_name}";
    public static final List<String> VARIABLES = List.of(CONTACT_NAME, LAST_PROPERTY, OPERATOR_NAME);
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,39}");
    private static final Pattern BRACED = Pattern.compile("\\{[^{}\\s]*}");

    /** Checks name and text; throws {@link InvalidRequestException} naming the field. */
    public ReplyTemplate {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new InvalidRequestException("name", "a reply name is 1 to 40 lower-case letters, digits, '-' or "
                    + "'_', starting with a letter or digit");
        }
        if (text == null || text.isBlank()) throw new InvalidRequestException("text", "the reply text is empty");
        if (!FieldLimit.MESSAGE_TEXT.admits(text)) {
            throw new InvalidRequestException("text", "the reply text is " + FieldLimit.MESSAGE_TEXT.describe());
        }
        var unknown = new ArrayList<String>();
        var matcher = BRACED.matcher(text);
        while (matcher.find()) {
            if (!VARIABLES.contains(matcher.group())) unknown.add(matcher.group());
        }
        if (!unknown.isEmpty()) {
            throw new InvalidRequestException("text", "unknown variable " + String.join(", ", unknown) + "; known: "
                    + String.join(", ", VARIABLES));
        }
    }

    /** The variables this template uses, in order of first use. */
    public Set<String> variables() {
        var used = new LinkedHashSet<String>();
        var matcher = BRACED.matcher(text);
        while (matcher.find()) used.add(matcher.group());
        return used;
    }

    /** The variables still in {@code draft} (a filled template whose value was missing). */
    public static List<String> unfilled(String draft) {
        if (draft == null) return List.of();
        return VARIABLES.stream().filter(draft::contains).toList();
    }
}
