-- Group chats (chime-in, seed 004): what a message of a group carries besides its text. The message row keeps the
-- reply-to id (reply_to) and the timestamp (sent_at); chat_messages adds who sent it, whether a bot did, its thread
-- and the users it mentions, and, when it replies to a message Parley never saw (sent before Parley joined), a JSON
-- snapshot of that parent from the channel (Telegram's reply_to_message).
create table chat_messages (
    message_id        bigint not null primary key references messages (id),
    sender            varchar(255) not null,
    sender_handle     varchar(255),
    sender_name       varchar(255),
    is_bot            boolean not null default false,
    thread_id         varchar(255),
    mentions          varchar(4000),
    context_snapshot  varchar(65536)
);
-- Time-window reads of a conversation (the seed's time-gap clustering) and reply anchors by provider id.
create index ix_messages_conversation_sent on messages (conversation_id, sent_at);
create index ix_messages_conversation_provider on messages (conversation_id, provider_id);
-- The channel's group details of a receipt (thread, is_bot, mentions, parent snapshot) until it is processed.
alter table inbox add column chat_details varchar(16000);
