package dev.parley.domain.outreach;

/**
 * Kinds of life event a reply can mention, with the words that signal them and how a to-do
 * task names them.
 */
public enum EventKind {
    BIRTH("birth", "in", "born|birth"),
    MARRIAGE("marriage", "in", "married|marriage|wed"),
    DEATH("death", "in", "died|death|passed away"),
    BAPTISM("baptism", "in", "bapti[sz]ed|baptism|christened|christening"),
    BURIAL("burial", "in", "buried|burial"),
    EMIGRATION("emigration", "from", "emigrated|immigrated|emigration|immigration"),
    CENSUS("census", "in", "census");

    private final String noun;
    private final String placePreposition;
    private final String wordsRegex;

    EventKind(String noun, String placePreposition, String wordsRegex) {
        this.noun = noun;
        this.placePreposition = placePreposition;
        this.wordsRegex = wordsRegex;
    }

    /** How a task names it: "the 1911 <b>marriage</b> of ...". */
    public String noun() {
        return noun;
    }

    /** "in Cork" for most events; for emigration "from" unless the text said "emigrated to". */
    public String placePreposition() {
        return placePreposition;
    }

    /** Lower-case alternation of the words that signal this event. */
    String wordsRegex() {
        return wordsRegex;
    }
}
