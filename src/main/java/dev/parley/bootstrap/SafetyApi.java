package dev.parley.bootstrap;

import dev.parley.adapter.http.Route;
import dev.parley.adapter.http.SafetyRoutes;
import dev.parley.adapter.safety.LoggingValidationFailures;
import dev.parley.adapter.safety.PhoneNumberZones;
import dev.parley.adapter.safety.SafetyPolicyFile;
import dev.parley.adapter.safety.SafetyPolicyFileException;
import dev.parley.application.safety.SafetyModel;
import dev.parley.application.safety.StoredConversationFacts;
import dev.parley.application.store.Transactions;
import dev.parley.domain.safety.SafetyValidator;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * {@code POST /api/validate}: the validator of the home's {@code safety.json} (else the built-in one) with the
 * behavioural facts read from the store. A bad file stops the listener's start with one line naming it.
 */
final class SafetyApi {
    private SafetyApi() {
    }

    static List<Route> routes(Path home, Clock clock, Transactions transactions, SafetyModel model) {
        SafetyValidator validator;
        try {
            validator = new SafetyValidator(SafetyPolicyFile.load(SafetyPolicyFile.overrideIn(home)).policy(), clock,
                    new LoggingValidationFailures());
        } catch (SafetyPolicyFileException e) {
            throw new ConfigException(SafetyPolicyFile.FILE_NAME, e.getMessage());
        }
        var zones = new PhoneNumberZones();
        return new SafetyRoutes(() -> validator, r -> StoredConversationFacts.read(transactions, zones, r),
                model).routes();
    }
}
