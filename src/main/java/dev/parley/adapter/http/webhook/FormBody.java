package dev.parley.adapter.http.webhook;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parser for {@code application/x-www-form-urlencoded} bodies (WHATWG URL spec semantics): fields
 * split on {@code &}, name and value on the first {@code =}, {@code +} is a space, {@code %XX} a
 * byte, and the bytes are strict UTF-8. Pure and total: returns {@link FormParams} or throws
 * {@link WebhookParseException}.
 *
 * <p>Unlike the WHATWG parser, a malformed percent escape is an error rather than passed through
 * literally: providers always encode correctly, so a bad escape means a broken or hostile sender.
 */
public final class FormBody {

    /** Larger than any real Twilio body; the HTTP layer should cap request size before this. */
    public static final int MAX_BODY_BYTES = 1 << 20;
    /** Twilio sends a few dozen fields; far more means abuse. */
    public static final int MAX_FIELDS = 1000;

    private FormBody() {}

    public static FormParams parse(byte[] body) {
        if (body == null) {
            throw new WebhookParseException("body", "missing form body");
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new WebhookParseException("body", "form body exceeds " + MAX_BODY_BYTES + " bytes");
        }
        List<FormParams.Field> fields = new ArrayList<>();
        int start = 0;
        while (start <= body.length) {
            int end = indexOf(body, (byte) '&', start, body.length);
            if (end > start) {
                if (fields.size() == MAX_FIELDS) {
                    throw new WebhookParseException("body", "more than " + MAX_FIELDS + " form fields");
                }
                int eq = indexOf(body, (byte) '=', start, end);
                String name = decode(body, start, eq, fields.size());
                String value = eq == end ? "" : decode(body, eq + 1, end, fields.size());
                fields.add(new FormParams.Field(name, value));
            }
            start = end + 1;
        }
        return FormParams.of(fields);
    }

    private static String decode(byte[] body, int from, int to, int fieldIndex) {
        byte[] out = new byte[to - from];
        int length = 0;
        for (int i = from; i < to; i++) {
            byte b = body[i];
            if (b == '+') {
                out[length++] = ' ';
            } else if (b == '%') {
                int high = i + 2 < to ? hexValue(body[i + 1]) : -1;
                int low = high >= 0 ? hexValue(body[i + 2]) : -1;
                if (low < 0) {
                    throw new WebhookParseException("body",
                            "malformed percent escape at byte " + i + " (field #" + fieldIndex + ")");
                }
                out[length++] = (byte) (high << 4 | low);
                i += 2;
            } else {
                out[length++] = b;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(out, 0, length))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new WebhookParseException("body", "invalid UTF-8 in form field #" + fieldIndex);
        }
    }

    private static int hexValue(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'F') {
            return b - 'A' + 10;
        }
        return -1;
    }

    /** Index of {@code target} in {@code bytes[from, to)}, or {@code to} when absent. */
    private static int indexOf(byte[] bytes, byte target, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == target) {
                return i;
            }
        }
        return to;
    }
}
