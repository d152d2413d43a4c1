-- Fleet user list at 100,000 users (ADR 030-fleet-perf). Hand-written (drizzle-kit generate --custom):
-- drizzle's schema cannot declare FTS5 tables or triggers.
--
-- 1. Sessions in progress, by user: the derived status "charging" (and the "charging"/"idle" filters)
--    reads a few hundred index entries instead of probing every user's sessions.
CREATE INDEX `charging_sessions_user_open_idx` ON `charging_sessions` (`user_id`) WHERE `status` = 'in_progress';
--> statement-breakpoint
CREATE INDEX `users_corporate_group_idx` ON `users` (`corporate_group_id`);
--> statement-breakpoint
-- 2. Keyword search: trigram FTS5 indexes over the searched text (their own copy, kept in sync by the
--    triggers below). They only narrow the candidates; the list re-applies the exact match, so the
--    results are those of the plain substring search. rowid = users.id / rfids.id.
CREATE VIRTUAL TABLE `users_search` USING fts5(`doc`, tokenize = 'trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `rfids_search` USING fts5(`doc`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `users_search` (rowid, doc)
  SELECT id, coalesce(email, '') || char(10) || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || char(10)
    || coalesce(license_plate, '') || char(10) || coalesce(employee_number, '') || char(10) || coalesce(cost_center, '')
  FROM `users`;
--> statement-breakpoint
INSERT INTO `rfids_search` (rowid, doc) SELECT id, uuid || char(10) || key_hanger_code FROM `rfids`;
--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO users_search (rowid, doc) VALUES (new.id, coalesce(new.email, '') || char(10) || coalesce(new.first_name, '') || ' '
    || coalesce(new.last_name, '') || char(10) || coalesce(new.license_plate, '') || char(10)
    || coalesce(new.employee_number, '') || char(10) || coalesce(new.cost_center, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF id, email, first_name, last_name, license_plate, employee_number, cost_center ON `users` BEGIN
  DELETE FROM users_search WHERE rowid = old.id;
  INSERT INTO users_search (rowid, doc) VALUES (new.id, coalesce(new.email, '') || char(10) || coalesce(new.first_name, '') || ' '
    || coalesce(new.last_name, '') || char(10) || coalesce(new.license_plate, '') || char(10)
    || coalesce(new.employee_number, '') || char(10) || coalesce(new.cost_center, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  DELETE FROM users_search WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `rfids_search_insert` AFTER INSERT ON `rfids` BEGIN
  INSERT INTO rfids_search (rowid, doc) VALUES (new.id, new.uuid || char(10) || new.key_hanger_code);
END;
--> statement-breakpoint
CREATE TRIGGER `rfids_search_update` AFTER UPDATE OF id, uuid, key_hanger_code ON `rfids` BEGIN
  DELETE FROM rfids_search WHERE rowid = old.id;
  INSERT INTO rfids_search (rowid, doc) VALUES (new.id, new.uuid || char(10) || new.key_hanger_code);
END;
--> statement-breakpoint
CREATE TRIGGER `rfids_search_delete` AFTER DELETE ON `rfids` BEGIN
  DELETE FROM rfids_search WHERE rowid = old.id;
END;
