package dev.parley.testing;

/** Aircall webhook bodies as Aircall sends them (Public API, message events). */
public final class AircallEvents {
    private AircallEvents() {
    }

    /** A {@code message.received} event: {@code from} as Aircall formats numbers ("+1 313-555-0101" and the like). */
    public static String messageReceived(String token, String id, String from, String text, long numberId) {
        return """
                {"resource":"message","event":"message.received","timestamp":1740405600,"token":"%s",
                 "data":{"id":"%s","direct_link":"https://api.aircall.io/v1/numbers/%d/messages/%s",
                  "direction":"inbound","status":"received","created_at":1740405599,"raw_digits":"%s",
                  "external_number":"%s","body":"%s","media_details":[],
                  "number":{"id":%d,"direct_link":"https://api.aircall.io/v1/numbers/%d","name":"Buyer line",
                   "digits":"+1 248-555-0100","country":"US","time_zone":"America/Detroit"},
                  "contact":null}}""".formatted(token, id, numberId, id, from, from, text, numberId, numberId);
    }
}
