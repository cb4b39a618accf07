package dev.parley.bootstrap;

import dev.parley.adapter.mail.SmtpOpsMailer;
import dev.parley.application.escalation.OpsMailer;

/** The ops e-mail of the configuration: SMTP when {@code smtp.host} and {@code escalation.email_to} are set. */
final class OpsMailers {
    private OpsMailers() {
    }

    static OpsMailer of(ParleyConfig config) {
        var host = config.get(ConfigKey.SMTP_HOST);
        var to = config.get(ConfigKey.ESCALATION_EMAIL_TO);
        if (host.isEmpty() && to.isEmpty()) return OpsMailer.OFF;
        if (host.isEmpty()) throw new ConfigException(ConfigKey.SMTP_HOST.key(), "required when escalation.email_to is set");
        if (to.isEmpty()) throw new ConfigException(ConfigKey.ESCALATION_EMAIL_TO.key(), "required when smtp.host is set");
        var from = config.get(ConfigKey.SMTP_FROM);
        if (from.isEmpty()) throw new ConfigException(ConfigKey.SMTP_FROM.key(), "required when smtp.host is set");
        return new SmtpOpsMailer(new SmtpOpsMailer.Settings(host, config.getInt(ConfigKey.SMTP_PORT),
                config.get(ConfigKey.SMTP_USERNAME), config.get(ConfigKey.SMTP_PASSWORD), from, to,
                config.get(ConfigKey.SMTP_SECURITY)));
    }
}
