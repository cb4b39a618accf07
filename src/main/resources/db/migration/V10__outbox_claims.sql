-- Sending is claim (PENDING -> SENDING, committed), send outside any transaction, then record the outcome
-- (SENT, FAILED, DENIED, PENDING for a retry, or DELIVERY_UNKNOWN when nobody knows whether it left).
-- claimed_at: when the current attempt was claimed. reply_to: the provider's id of the message a row answers
-- (a Telegram reply points at it), set by a playbook; null for most rows.
alter table outbox add column claimed_at timestamp with time zone;
alter table outbox add column reply_to varchar(255);
