-- Team mode (issue 15, docs/team.md): an operator claims a conversation ("assign to me") so that two operators do
-- not answer the same person; one row per claimed conversation, removed on release. Claims and releases are audited.
create table conversation_claims (
    conversation_id  bigint not null primary key references conversations (id),
    operator         varchar(255) not null,
    claimed_at       timestamp with time zone not null
);
