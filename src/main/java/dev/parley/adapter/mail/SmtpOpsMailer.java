package dev.parley.adapter.mail;

import dev.parley.application.escalation.OpsMailer;
import jakarta.mail.Authenticator;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.PasswordAuthentication;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;

/**
 * E-mails ops over SMTP (Jakarta Mail): plain text, one message to every configured recipient. STARTTLS (required),
 * SMTPS or plain; authentication when a user name is set. Timeouts of 10 s each, so a dead server fails the job
 * (which is retried) instead of holding it.
 */
public final class SmtpOpsMailer implements OpsMailer {

    /** Where and how to send. {@code security}: starttls, ssl or none. */
    public record Settings(String host, int port, String username, String password, String from, String to,
                           String security) {
    }

    private final Settings settings;
    private final Session session;

    public SmtpOpsMailer(Settings settings) {
        this.settings = settings;
        var props = new Properties();
        props.put("mail.smtp.host", settings.host());
        props.put("mail.smtp.port", Integer.toString(settings.port()));
        props.put("mail.smtp.connectiontimeout", "10000");
        props.put("mail.smtp.timeout", "10000");
        props.put("mail.smtp.writetimeout", "10000");
        boolean auth = settings.username() != null && !settings.username().isEmpty();
        props.put("mail.smtp.auth", Boolean.toString(auth));
        switch (settings.security()) {
            case "starttls" -> {
                props.put("mail.smtp.starttls.enable", "true");
                props.put("mail.smtp.starttls.required", "true");
            }
            case "ssl" -> props.put("mail.smtp.ssl.enable", "true");
            default -> { }
        }
        this.session = Session.getInstance(props, auth ? new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                return new PasswordAuthentication(settings.username(), settings.password());
            }
        } : null);
    }

    @Override
    public boolean configured() {
        return true;
    }

    @Override
    public void send(OpsEmail email) {
        try {
            var message = new MimeMessage(session);
            message.setFrom(new InternetAddress(settings.from()));
            message.setRecipients(Message.RecipientType.TO, InternetAddress.parse(settings.to()));
            message.setSubject(email.subject(), StandardCharsets.UTF_8.name());
            message.setText(email.body(), StandardCharsets.UTF_8.name());
            message.setSentDate(new Date());
            Transport.send(message);
        } catch (MessagingException e) {
            throw new IllegalStateException("SMTP send failed: " + e.getClass().getSimpleName(), e);
        }
    }
}
