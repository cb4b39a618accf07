-- Small durable facts of a channel: Telegram's update offset (so long polling neither loses nor repeats an update
-- across restarts) and the bot's own identity from getMe (user id and username, for mentions).
create table channel_state (
    channel     varchar(32)   not null,
    name        varchar(64)   not null,
    state_value varchar(4000) not null,
    updated_at  timestamp with time zone not null,
    constraint pk_channel_state primary key (channel, name)
);
