package dev.parley.domain.alert;

/** A pattern or rule that cannot be used; names the category and the pattern. */
public final class InvalidAlertPatternException extends IllegalArgumentException {
    private final String categoryId;
    private final String patternId;

    public InvalidAlertPatternException(String categoryId, String patternId, String reason) {
        super("category '" + categoryId + "', pattern '" + patternId + "': " + reason);
        this.categoryId = categoryId;
        this.patternId = patternId;
    }

    public String categoryId() {
        return categoryId;
    }

    public String patternId() {
        return patternId;
    }
}
