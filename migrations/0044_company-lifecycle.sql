-- Company lifecycle (issue 20 part 1, ADR 050): a deleted company keeps its row (its name and id stay on
-- sessions, invoices and audit rows) and is marked here; it leaves the company tree and the switcher.
ALTER TABLE `companies` ADD `deleted_at` integer;
