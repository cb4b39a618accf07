package dev.parley.domain.safety;

/** Whether source and recipient have talked before. Missing data counts as FIRST_CONTACT (protective). */
public enum ContactHistory {
    KNOWN,
    FIRST_CONTACT
}
