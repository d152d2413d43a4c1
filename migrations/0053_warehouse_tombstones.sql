-- Reporting warehouse (issue 21, ADR 052 addendum): a row deleted in D1 must leave the warehouse too.
-- An AFTER DELETE trigger on every synced table records the table and the row's id here, whichever
-- write path deleted it (a purged user, a pending tariff withdrawn, a cascade, a hand-run statement);
-- the sync job reads these rows after its own watermark (by id), deletes the warehouse rows not
-- changed since, and removes the tombstones it has applied.
CREATE TABLE `warehouse_tombstones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_name` text NOT NULL,
	`row_id` integer NOT NULL,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER charging_sessions_tombstone AFTER DELETE ON charging_sessions BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('charging_sessions', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
--> statement-breakpoint
CREATE TRIGGER connector_status_history_tombstone AFTER DELETE ON connector_status_history BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('connector_status_history', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
--> statement-breakpoint
CREATE TRIGGER stations_tombstone AFTER DELETE ON stations BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('stations', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
--> statement-breakpoint
CREATE TRIGGER connectors_tombstone AFTER DELETE ON connectors BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('connectors', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
--> statement-breakpoint
CREATE TRIGGER companies_tombstone AFTER DELETE ON companies BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('companies', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
--> statement-breakpoint
CREATE TRIGGER tariffs_tombstone AFTER DELETE ON tariffs BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('tariffs', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
--> statement-breakpoint
CREATE TRIGGER users_tombstone AFTER DELETE ON users BEGIN INSERT INTO warehouse_tombstones (table_name, row_id, deleted_at) VALUES ('users', OLD.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)); END;
