-- Issue 10: a contact's own time zone (an IANA id such as Europe/Paris), set by an operator. The safety validator's
-- quiet hours use it before the zones guessed from a phone number; chat ids and e-mail addresses have no other source.
alter table contacts add column time_zone varchar(64);
