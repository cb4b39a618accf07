package dev.parley.domain.assistant;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Seed 001 step 1: what is redacted, with which placeholder, and what is left alone. */
class RedactorTest {
    final Redactor redactor = new Redactor();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            write to jo.bloggs+shop@example.co.uk please       | write to [EMAIL] please
            card 4111 1111 1111 1111 exp 12/28                 | card [CARD] exp 12/28
            card 4111-1111-1111-1111                           | card [CARD]
            amex 378282246310005                               | amex [CARD]
            IBAN GB82 WEST 1234 5698 7654 32 for the refund    | IBAN [IBAN] for the refund
            iban DE89370400440532013000                        | iban [IBAN]
            my SSN is 123-45-6789                              | my SSN is [SSN]
            SSN: 123456789                                     | SSN: [SSN]
            call me on +1 (415) 555-0132 after six             | call me on [PHONE] after six
            or 415-555-0132                                    | or [PHONE]
            ring 020 7946 0958                                 | ring [PHONE]
            I live at 221B Baker Street, London                | I live at [ADDRESS], London
            ship to 1600 Pennsylvania Avenue NW Apt 4          | ship to [ADDRESS] NW Apt 4
            send it to PO Box 4471                             | send it to [ADDRESS]
            key sk-proj-AbCdEf0123456789XyZabcdef              | key [SECRET]
            token ghp_abcdefghijklmnopqrstuvwxyz0123456789     | token [SECRET]
            aws AKIAIOSFODNN7EXAMPLE                           | aws [SECRET]
            Authorization: Bearer abc.def-ghi_jkl012345678     | Authorization: Bearer [SECRET]
            password: hunter2hunter                            | password: [SECRET]
            jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U | jwt [SECRET]
            """)
    void redacts(String text, String expected) {
        assertThat(redactor.redact(text).text()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            order 1234 5678 9012 3456 is late
            tracking 4111111111111112
            meet at 10:30 on 2026-05-04
            my order number is 4411
            IBAN GB00 WEST 1234 5698 7654 32
            the 3 Little Pigs
            """)
    void leavesOrdinaryTextAndFailedChecksAlone(String text) {
        var redaction = redactor.redact(text);
        assertThat(redaction.text()).isEqualTo(text);
        assertThat(redaction.changed()).isFalse();
    }

    @Test
    void reportsKindsOnlyInFirstSeenOrder() {
        var redaction = redactor.redact("mail a@b.io, card 4111 1111 1111 1111, mail c@d.io");
        assertThat(redaction.kinds()).containsExactly("EMAIL", "CARD");
        assertThat(redaction.text()).doesNotContain("a@b.io", "4111");
    }

    @Test
    void luhnAndIbanChecks() {
        assertThat(Redactor.luhn("4111111111111111")).isTrue();
        assertThat(Redactor.luhn("4111111111111112")).isFalse();
        assertThat(Redactor.luhn("0000000000000000")).isFalse();
        assertThat(Redactor.validIban("GB82WEST12345698765432")).isTrue();
        assertThat(Redactor.validIban("GB83WEST12345698765432")).isFalse();
    }
}
