package dev.parley.domain.contact;

import java.util.Set;

/**
 * The only messages that may reach a contact who opted out: the answer to their own HELP keyword and a single
 * confirmation of their STOP, both of which carriers require or allow (CTIA). Nothing else, ever; and nothing to a
 * BLOCKED contact.
 */
public final class CompliancePurposes {
    private static final Set<String> MAY_REACH_OPTED_OUT = Set.of("keyword_help", "opt_out_confirmation");

    private CompliancePurposes() {
    }

    public static boolean mayReachOptedOut(String purpose) {
        return MAY_REACH_OPTED_OUT.contains(purpose);
    }
}
