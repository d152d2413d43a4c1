-- Reporting warehouse (issue 21 part 1, ADR 052): the sync job copies rows changed after a watermark
-- (updated_at, id), so every synced table must move updated_at on every change, whichever write path
-- made it. connectors gains the column; triggers set it on insert (when the write did not) and on
-- every update that did not set it itself (strictly later than before, so a row changed twice in one
-- millisecond is still seen); a role granted or taken moves its user. The indexes serve the sync's
-- ordered reads. Backfill first: rows never updated take their created_at.
ALTER TABLE `connectors` ADD `updated_at` integer;
--> statement-breakpoint
UPDATE `charging_sessions` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
--> statement-breakpoint
UPDATE `stations` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
--> statement-breakpoint
UPDATE `connectors` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
--> statement-breakpoint
UPDATE `companies` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
--> statement-breakpoint
UPDATE `tariffs` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
--> statement-breakpoint
UPDATE `users` SET `updated_at` = `created_at` WHERE `updated_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `charging_sessions_updated_idx` ON `charging_sessions` (`updated_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER charging_sessions_updated_insert AFTER INSERT ON charging_sessions WHEN NEW.updated_at IS NULL BEGIN UPDATE charging_sessions SET updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER charging_sessions_updated_update AFTER UPDATE ON charging_sessions WHEN NEW.updated_at IS OLD.updated_at BEGIN UPDATE charging_sessions SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(OLD.updated_at, 0) + 1) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE INDEX `stations_updated_idx` ON `stations` (`updated_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER stations_updated_insert AFTER INSERT ON stations WHEN NEW.updated_at IS NULL BEGIN UPDATE stations SET updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER stations_updated_update AFTER UPDATE ON stations WHEN NEW.updated_at IS OLD.updated_at BEGIN UPDATE stations SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(OLD.updated_at, 0) + 1) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE INDEX `connectors_updated_idx` ON `connectors` (`updated_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER connectors_updated_insert AFTER INSERT ON connectors WHEN NEW.updated_at IS NULL BEGIN UPDATE connectors SET updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER connectors_updated_update AFTER UPDATE ON connectors WHEN NEW.updated_at IS OLD.updated_at BEGIN UPDATE connectors SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(OLD.updated_at, 0) + 1) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE INDEX `companies_updated_idx` ON `companies` (`updated_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER companies_updated_insert AFTER INSERT ON companies WHEN NEW.updated_at IS NULL BEGIN UPDATE companies SET updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER companies_updated_update AFTER UPDATE ON companies WHEN NEW.updated_at IS OLD.updated_at BEGIN UPDATE companies SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(OLD.updated_at, 0) + 1) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE INDEX `tariffs_updated_idx` ON `tariffs` (`updated_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER tariffs_updated_insert AFTER INSERT ON tariffs WHEN NEW.updated_at IS NULL BEGIN UPDATE tariffs SET updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER tariffs_updated_update AFTER UPDATE ON tariffs WHEN NEW.updated_at IS OLD.updated_at BEGIN UPDATE tariffs SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(OLD.updated_at, 0) + 1) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE INDEX `users_updated_idx` ON `users` (`updated_at`, `id`);
--> statement-breakpoint
CREATE TRIGGER users_updated_insert AFTER INSERT ON users WHEN NEW.updated_at IS NULL BEGIN UPDATE users SET updated_at = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER users_updated_update AFTER UPDATE ON users WHEN NEW.updated_at IS OLD.updated_at BEGIN UPDATE users SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(OLD.updated_at, 0) + 1) WHERE id = NEW.id; END;
--> statement-breakpoint
CREATE TRIGGER user_roles_touch_user_insert AFTER INSERT ON user_roles BEGIN UPDATE users SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(updated_at, 0) + 1) WHERE id = NEW.user_id; END;
--> statement-breakpoint
CREATE TRIGGER user_roles_touch_user_delete AFTER DELETE ON user_roles BEGIN UPDATE users SET updated_at = max(CAST(unixepoch('subsec') * 1000 AS INTEGER), coalesce(updated_at, 0) + 1) WHERE id = OLD.user_id; END;
