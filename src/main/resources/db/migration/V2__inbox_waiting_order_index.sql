-- The pipeline worker reads waiting receipts oldest first (status = 'RECEIVED' order by id, a bounded window):
-- with this index that is a range scan of the window, not a scan and sort of the whole backlog.
create index ix_inbox_status_id on inbox (status, id);
