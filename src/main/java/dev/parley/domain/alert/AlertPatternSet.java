package dev.parley.domain.alert;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Every category of one patterns file; category ids and pattern ids are unique. */
public record AlertPatternSet(List<AlertCategory> categories) {
    public AlertPatternSet {
        categories = List.copyOf(categories);
        Set<String> categoryIds = new HashSet<>();
        Set<String> patternIds = new HashSet<>();
        for (AlertCategory category : categories) {
            if (!categoryIds.add(category.id())) {
                throw new IllegalArgumentException("duplicate category id '" + category.id() + "'");
            }
            for (AlertPattern pattern : category.patterns()) {
                if (!patternIds.add(pattern.id())) {
                    throw new IllegalArgumentException("duplicate pattern id '" + pattern.id() + "'");
                }
            }
        }
    }
}
