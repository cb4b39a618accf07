package dev.parley.application.model;

/**
 * What the gateway hands a feature: the content, who answered it, and — when the configured model failed and the
 * offline model answered instead — why ({@code fallbackReason}, e.g. {@code timeout: read timed out after 30 s}).
 */
public record ModelAnswer(String content, String provider, String model, String fallbackReason) {

    public boolean fellBack() {
        return fallbackReason != null;
    }

    public boolean isBlank() {
        return content == null || content.isBlank();
    }
}
