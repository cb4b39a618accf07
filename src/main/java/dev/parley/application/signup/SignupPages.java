package dev.parley.application.signup;

import dev.parley.application.escalation.ReplyLinks;
import dev.parley.application.operator.ConflictException;
import dev.parley.application.operator.DeliverExternalEvent;
import dev.parley.application.operator.InvalidRequestException;
import dev.parley.application.operator.NotFoundException;
import dev.parley.application.playbook.Playbooks;
import dev.parley.application.playbook.buyer.BuyerSmsPlaybook;
import dev.parley.application.store.Store;
import dev.parley.application.store.Transactions;
import dev.parley.domain.buyer.SignupToken;
import dev.parley.domain.buyer.TokenAction;
import dev.parley.domain.catalog.CatalogEntry;
import dev.parley.domain.contact.ContactStatus;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The one-time links a buyer gets by SMS (seed 003's SmsSignupToken), as a use case for the mobile page at
 * {@code /g/{token}} and for a web app: what the link shows (the property without its address until the guarantee
 * is signed, the terms, the name and e-mail collected over SMS), the signature (typed name + consent), which reaches
 * the conversation as the event {@code guarantee_signed} / {@code agreement_signed} / {@code onboarding_signed}, and
 * the buyer's context for a web signup (name, e-mail, need, matches).
 */
public final class SignupPages {
    private static final Pattern EMAIL = Pattern.compile("[^\\s@]+@[^\\s@]+\\.[^\\s@]+");
    private static final int MAX_NAME = 200;

    /** Whether the link still works. */
    public enum Status { OPEN, USED, EXPIRED }

    /** What a link's page shows. {@code address} is null until the guarantee is signed. */
    public record Page(SignupToken token, Status status, String propertyName, String city, String state,
                       Integer sqft, BigDecimal rate, String listingTerms, List<String> features, String terms,
                       String address) {
    }

    private final Transactions transactions;
    private final Playbooks playbooks;
    private final DeliverExternalEvent events;
    private final Clock clock;

    public SignupPages(Transactions transactions, Playbooks playbooks, DeliverExternalEvent events, Clock clock) {
        this.transactions = transactions;
        this.playbooks = playbooks;
        this.events = events;
        this.clock = clock;
    }

    /** The page of a link; NotFound for a malformed or unknown token. */
    public Page page(String token) {
        if (!ReplyLinks.wellFormedShort(token)) throw new NotFoundException("no such link");
        return transactions.inTransaction(s -> {
            var t = s.signupTokens().findByToken(token).orElseThrow(() -> new NotFoundException("no such link"));
            return describe(s, t);
        });
    }

    private Page describe(Store s, SignupToken t) {
        var now = clock.instant();
        var status = t.used() ? Status.USED : t.expired(now) ? Status.EXPIRED : Status.OPEN;
        CatalogEntry entry = null;
        if (t.engagementId() != null) {
            var e = s.engagements().find(t.engagementId()).orElse(null);
            if (e != null && e.listingId() != null) entry = s.catalog().entry(e.listingId()).orElse(null);
        }
        var property = t.propertyId() == null ? null : s.catalog().property(t.propertyId()).orElse(null);
        var features = new ArrayList<String>();
        if (entry != null) {
            var k = entry.knowledge();
            if (k != null) {
                if (k.ceilingHeight() != null) {
                    features.add(k.ceilingHeight().stripTrailingZeros().toPlainString() + " ft clear height");
                }
                if (k.dockDoors() != null && k.dockDoors() > 0) features.add(k.dockDoors() + " dock doors");
                if (Boolean.TRUE.equals(k.sprinklerSystem())) features.add("sprinkler system");
                if (k.parkingSpaces() != null) features.add(k.parkingSpaces() + " parking spots");
            }
        }
        var conversation = s.conversations().find(t.conversationId()).orElseThrow();
        var terms = playbooks.find(conversation.playbook()).filter(p -> p instanceof BuyerSmsPlaybook)
                .map(p -> ((BuyerSmsPlaybook) p).guaranteeTerms()).orElse("");
        // The address is shown only to the buyer who signed the guarantee (seed 003).
        boolean revealed = t.action() != TokenAction.GUARANTEE || t.used();
        return new Page(t, status, property == null ? null : property.name(), property == null ? null
                : property.city(), property == null ? null : property.state(),
                entry == null ? null : entry.listing().availableSqft(), entry == null ? null
                : entry.listing().baseRate(), entry == null ? null : entry.listing().terms(), features, terms,
                revealed && property != null ? property.address() : null);
    }

    /**
     * Signs through a link: the typed name and the consent are required (422), a used link is 409, an expired one 410
     * ({@link Gone}), a buyer who opted out 409. The conversation gets the link's event in one transaction.
     */
    public void sign(String token, String typedName, String email, boolean consent) {
        var page = page(token);
        switch (page.status()) {
            case USED -> throw new ConflictException("this link was already used");
            case EXPIRED -> throw new Gone("this link expired");
            default -> { }
        }
        var name = typedName == null ? "" : typedName.strip();
        if (name.isEmpty()) throw new InvalidRequestException("name", "type your full name to sign");
        if (name.length() > MAX_NAME) {
            throw new InvalidRequestException("name", "the name is longer than " + MAX_NAME + " characters");
        }
        if (!consent) throw new InvalidRequestException("consent", "tick the box to agree");
        var mail = email == null ? null : email.strip();
        if (mail != null && !mail.isEmpty() && (!EMAIL.matcher(mail).matches() || mail.length() > 255)) {
            throw new InvalidRequestException("email", "enter a valid e-mail address");
        }
        var t = page.token();
        var optedOut = transactions.inTransaction(s -> s.contacts().find(t.contactId())
                .map(c -> c.status() == ContactStatus.OPTED_OUT).orElse(true));
        if (optedOut) throw new ConflictException("this conversation has ended");
        var data = new LinkedHashMap<String, Object>();
        data.put("token", t.token());
        data.put("name", name);
        if (mail != null && !mail.isEmpty()) data.put("email", mail);
        data.put("consent", true);
        events.deliver(t.conversationId(), t.action().wire() + "_signed", data, "buyer:web");
    }

    /**
     * Seed 003's SMS → web hand-off: what a web app gets for a token to pre-fill its signup — name, e-mail, phone,
     * the buyer's need (criteria) and the matches presented over SMS. Reading it does not use the token.
     */
    public Map<String, Object> context(String token) {
        if (!ReplyLinks.wellFormedShort(token)) throw new NotFoundException("no such link");
        return transactions.inTransaction(s -> {
            var t = s.signupTokens().findByToken(token).orElseThrow(() -> new NotFoundException("no such link"));
            var now = clock.instant();
            if (t.expired(now) && !t.used()) throw new Gone("this link expired");
            var contact = s.contacts().find(t.contactId()).orElseThrow();
            var state = s.buyerStates().find(t.conversationId()).orElse(null);
            var out = new LinkedHashMap<String, Object>();
            out.put("action", t.action().wire());
            out.put("conversation", t.conversationId());
            out.put("phone", contact.address());
            out.put("name", t.buyerName());
            out.put("email", t.buyerEmail());
            out.put("used", t.used());
            out.put("expires_at", t.expiresAt().toString());
            if (state != null) {
                var c = state.criteria();
                var need = new LinkedHashMap<String, Object>();
                need.put("status", state.needStatus());
                need.put("location", c.location());
                need.put("state", c.state());
                need.put("sqft", c.sqft());
                need.put("use_type", c.useType());
                need.put("goods_type", c.goodsType());
                need.put("timing", c.timing());
                need.put("duration", c.duration());
                need.put("features", c.features());
                out.put("need", need);
                var matches = new ArrayList<Map<String, Object>>();
                for (var id : state.presentedListingIds()) {
                    s.catalog().entry(id).ifPresent(e -> {
                        var m = new LinkedHashMap<String, Object>();
                        m.put("listing", e.listing().id());
                        m.put("property", e.property().ref());
                        m.put("name", e.property().name());
                        m.put("city", e.property().city());
                        m.put("sqft", e.listing().availableSqft());
                        m.put("rate", e.listing().baseRate());
                        m.put("focused", Long.valueOf(e.listing().id()).equals(state.focusedListingId()));
                        matches.add(m);
                    });
                }
                out.put("matches", matches);
            }
            if (t.propertyId() != null) {
                s.catalog().property(t.propertyId()).ifPresent(p -> out.put("property", p.ref()));
            }
            return out;
        });
    }

    /** A link that expired: the page answers 410 Gone. */
    public static final class Gone extends ConflictException {
        public Gone(String detail) {
            super(detail);
        }
    }
}
