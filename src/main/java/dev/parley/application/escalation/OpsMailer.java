package dev.parley.application.escalation;

/** Port: e-mails the operations team (an escalation, an SLA breach). Optional: without SMTP settings it is off. */
public interface OpsMailer {

    /** One e-mail: plain text, to the configured ops address. */
    record OpsEmail(String subject, String body) {
    }

    /** False when no SMTP server or recipient is configured: nothing is e-mailed, the console still shows all. */
    boolean configured();

    /** Sends now; throws on failure (the job that called it is retried). */
    void send(OpsEmail email);

    OpsMailer OFF = new OpsMailer() {
        @Override
        public boolean configured() {
            return false;
        }

        @Override
        public void send(OpsEmail email) {
            throw new IllegalStateException("no SMTP server configured");
        }
    };
}
