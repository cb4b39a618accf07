package dev.parley.domain.contact;

/** Whether automation may message a contact; {@link MessagingPermission} is the rule that reads it. */
public enum ContactStatus { ACTIVE, BLOCKED, OPTED_OUT }
