-- Why an alert fired (issue 14): the patterns and the words that matched, the learned heads' scores against their
-- thresholds, and pattern words a context rule set aside as a benign idiom. JSON text; never the message text.
alter table alerts add column reasons varchar(8000);
