package dev.parley.domain.assistant;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The offline model's {@code route} answer: the profile whose keywords occur most often in the text. No keyword, or
 * a tie between profiles, is ambiguous: the default profile.
 */
public final class OfflineRouter {
    private OfflineRouter() {
    }

    public static String route(List<Profile> profiles, String defaultProfile, String text) {
        var lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
        String best = null;
        int bestScore = 0;
        boolean tie = false;
        for (var profile : profiles) {
            int score = 0;
            for (var keyword : profile.keywords()) {
                var m = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(keyword.toLowerCase(Locale.ROOT))
                        + "(?![\\p{L}\\p{N}])").matcher(lower);
                while (m.find()) score++;
            }
            if (score > bestScore) {
                best = profile.name();
                bestScore = score;
                tie = false;
            } else if (score == bestScore && score > 0) {
                tie = true;
            }
        }
        return best == null || tie ? defaultProfile : best;
    }
}
