package dev.parley.adapter.ui.common;

import java.util.regex.Pattern;

/** Masks personal data in text shown in queues: e-mail addresses and runs of digits (phone numbers, codes). */
public final class Masking {
    private static final Pattern EMAIL = Pattern.compile("[\\w.+-]+@[\\w-]+(\\.[\\w-]+)+");
    private static final Pattern NUMBER = Pattern.compile("\\+?\\d[\\d ()./-]{2,}\\d");

    private Masking() {
    }

    /** Message text with e-mail addresses and numbers of three or more digits replaced by bullets. */
    public static String text(String text) {
        if (text == null) return "";
        var noEmail = EMAIL.matcher(text).replaceAll("•••@•••");
        return NUMBER.matcher(noEmail).replaceAll(m -> "•".repeat(Math.min(m.group().length(), 8)));
    }

    /** A contact address with only its last two characters visible ({@code +15550100} → {@code •••••00}). */
    public static String address(String address) {
        if (address == null || address.isEmpty()) return "";
        int keep = Math.min(2, address.length() / 3);
        return "•".repeat(Math.min(address.length() - keep, 7)) + address.substring(address.length() - keep);
    }
}
