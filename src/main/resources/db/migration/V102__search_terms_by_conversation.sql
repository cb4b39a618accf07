-- Console v2 (issue 17): search checks a conversation's terms while reading a queue in its own order (a word found
-- in thousands of conversations), so the terms are also indexed by conversation. Portable: H2 and PostgreSQL.
create index ix_search_terms_conversation on search_terms (conversation_id, term);
