-- Sentence embeddings of messages: computed once per message, shared by the alert detector, chime-in's context
-- selection and the assistant's recall. The vector is little-endian float32, unit length; `model` names the
-- embedding model so vectors of another model are never compared.
create table message_embeddings (
    message_id  bigint not null primary key references messages (id),
    model       varchar(64) not null,
    dims        integer not null,
    vector      bytea not null
);
