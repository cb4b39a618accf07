package dev.parley.adapter.http;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import dev.parley.adapter.playbooks.DemoCatalog;
import dev.parley.application.ManualClock;
import dev.parley.bootstrap.ConfigKey;
import dev.parley.domain.message.InboundMessage;
import dev.parley.domain.message.OutboxStatus;
import dev.parley.testing.TestParley;
import jakarta.mail.internet.MimeMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A Parley listening on a free port, on a manual clock, e-mailing ops through an SMTP server started here (GreenMail
 * on a free port), with the demo catalogue: a buyer's question escalates and the Reply Tool's link arrives by
 * e-mail. The pipeline worker, scheduler and outbox are driven by the test on its own thread (their background loops
 * are stopped), so nothing waits on a loop's timing; the listener serves the Reply Tool as in production.
 */
final class EscalationFixture implements AutoCloseable {
    static final String BUYER = "+13135550501";
    private static final Pattern LINK = Pattern.compile("http://\\S+/reply/[A-Za-z0-9_-]+");

    final ManualClock clock = new ManualClock(Instant.parse("2025-02-24T15:00:00Z"));
    final GreenMail smtp = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    final TestParley parley;
    private int ids;

    EscalationFixture(Path home) {
        smtp.start();
        parley = TestParley.start(home, clock, Map.of(ConfigKey.SMTP_HOST, "127.0.0.1",
                ConfigKey.SMTP_PORT, Integer.toString(smtp.getSmtp().getPort()), ConfigKey.SMTP_SECURITY, "none",
                ConfigKey.SMTP_FROM, "parley@example.com", ConfigKey.ESCALATION_EMAIL_TO, "ops@example.com"), null);
        parley.app.catalog.load(DemoCatalog.items());
        parley.app.worker.close();
        parley.app.schedulerLoop.close();
        parley.app.outboxLoop.close();
    }

    /** What is due runs now: inbox, jobs (e-mails, SLA, expiry), outbox, until nothing is left. */
    void settle() {
        while (parley.app.worker.drain() + parley.app.runDueJobs.runDue(100)
                + parley.app.deliverOutbox.deliverDue(100) > 0) {
            // another round: a job may queue a message, a message may schedule a job
        }
    }

    /** A buyer text, processed and answered. */
    void buyer(String text) {
        long before = sent().size();
        clock.advance(Duration.ofMinutes(1));
        parley.app.receive.receive(new InboundMessage("aircall", "ac-" + (++ids), BUYER, BUYER, "+12485550100", text,
                null, null, "buyer-sms", null), "{}");
        settle();
        if (sent().size() <= before) throw new AssertionError("the buyer got no answer");
    }

    /** Moves the virtual clock on and runs what falls due. */
    void advance(Duration duration) {
        clock.advance(duration);
        settle();
    }

    /** Escalates the overnight parking question about Commerce Twp; returns the e-mail to ops. */
    MimeMessage escalate() {
        buyer("Need 15,000 sqft near Detroit for auto parts storage");
        buyer("Tell me more about the Commerce one");
        buyer("Can trucks park overnight there?");
        if (!smtp.waitForIncomingEmail(10_000, 1)) throw new AssertionError("no escalation e-mail");
        return smtp.getReceivedMessages()[0];
    }

    static String link(MimeMessage email) {
        var m = LINK.matcher(GreenMailUtil.getBody(email));
        if (!m.find()) throw new AssertionError("no reply link in the e-mail");
        return m.group();
    }

    /** Texts that left for the buyer, in order. */
    List<String> sent() {
        return parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall", BUYER)
                .map(c -> s.outbox().ofConversation(c.id()).stream().filter(o -> o.status() == OutboxStatus.SENT)
                        .map(o -> o.text()).toList()).orElse(List.of()));
    }

    @Override
    public void close() {
        try {
            parley.close();
        } finally {
            smtp.stop();
        }
    }
}
