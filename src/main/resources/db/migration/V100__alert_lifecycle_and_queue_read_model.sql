-- Console v2 (issue 17). Portable SQL: H2 (default) and PostgreSQL.

-- The alert lifecycle: new (OPEN) -> acknowledged (who, when) -> resolved (who, when, note). handled_by/handled_at
-- keep meaning "the last change"; the dedicated columns keep both steps, so time to acknowledge survives a resolve.
alter table alerts add column acknowledged_by varchar(255);
alter table alerts add column acknowledged_at timestamp with time zone;
alter table alerts add column resolved_by varchar(255);
alter table alerts add column resolved_at timestamp with time zone;
alter table alerts add column resolution_note varchar(1000);
update alerts set acknowledged_by = handled_by, acknowledged_at = handled_at where status = 'ACKNOWLEDGED';
update alerts set resolved_by = handled_by, resolved_at = handled_at where status = 'RESOLVED';

-- The queues' read model of each conversation, kept by the store in the transaction that changes its alerts or
-- state (adapter.persistence.QueueReadModel): attention = the most severe unresolved alert (3 critical, 2 warning
-- or escalation, 1 informational, 0 none); review_tier = its place in Human review (0 critical, 1 review-tier
-- warning, 2 HumanReview without either, e.g. an unclear intent; null = not waiting for a human decision);
-- review_since = when it started waiting. Filled for existing rows by the Java migration V101.
alter table conversations add column attention smallint default 0 not null;
alter table conversations add column review_tier smallint;
alter table conversations add column review_since timestamp with time zone;
create index ix_conversations_review on conversations (review_tier, review_since, id);
create index ix_conversations_attention on conversations (attention, updated_at, id);

-- Whole-store search over contact, key and message text: one row per word (or address digit suffix) and
-- conversation. Kept by the store as messages arrive (adapter.persistence.SearchIndex); filled by V102.
create table search_terms (
    term             varchar(40) not null,
    conversation_id  bigint not null
);
create index ix_search_terms on search_terms (term, conversation_id);
