package dev.parley.adapter.persistence;

import dev.parley.application.store.SignupTokens;
import dev.parley.domain.buyer.SignupToken;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.hibernate.Session;

final class HibernateSignupTokens implements SignupTokens {
    private final Session session;

    HibernateSignupTokens(Session session) {
        this.session = session;
    }

    @Override
    public SignupToken create(SignupToken token) {
        var e = new SignupTokenEntity();
        e.set(token);
        session.persist(e);
        return e.toDomain();
    }

    @Override
    public Optional<SignupToken> findByToken(String token) {
        return session.createSelectionQuery("from SignupTokenEntity where token = :t", SignupTokenEntity.class)
                .setParameter("t", token).uniqueResultOptional().map(SignupTokenEntity::toDomain);
    }

    @Override
    public List<SignupToken> ofConversation(long conversationId) {
        return session.createSelectionQuery("from SignupTokenEntity where conversationId = :c order by id",
                        SignupTokenEntity.class).setParameter("c", conversationId).getResultList().stream()
                .map(SignupTokenEntity::toDomain).toList();
    }

    @Override
    public void update(SignupToken token) {
        var e = session.find(SignupTokenEntity.class, token.id());
        if (e == null) throw new NoSuchElementException("signup token " + token.id());
        e.set(token);
    }
}
