-- Stations performance (issue 4 part 11, ADR 030-stations-perf). Hand-written: triggers keep every
-- writer correct (the ChargePoint object's status writes, onboarding, moves, hiding, seeds, tests).
--
-- 1. connector_status_counts: connectors per (operator, owner, hidden, status), kept by triggers, so
--    the overview totals and the unfiltered list totals read a few dozen rows instead of counting
--    every connector in scope. owner_company_id 0 stands for "no owner" (company ids start at 1).
CREATE TABLE `connector_status_counts` (
	`company_id` integer NOT NULL,
	`owner_company_id` integer NOT NULL,
	`hidden` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`company_id`, `owner_company_id`, `hidden`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `connector_status_counts_owner_idx` ON `connector_status_counts` (`owner_company_id`);
--> statement-breakpoint
INSERT INTO `connector_status_counts` (`company_id`, `owner_company_id`, `hidden`, `status`, `n`)
  SELECT s.company_id, coalesce(s.owner_company_id, 0), s.hidden, c.status, count(*)
  FROM connectors c JOIN stations s ON s.id = c.station_id
  GROUP BY s.company_id, coalesce(s.owner_company_id, 0), s.hidden, c.status;
--> statement-breakpoint
CREATE TRIGGER `connector_counts_insert` AFTER INSERT ON `connectors` BEGIN
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT s.company_id, coalesce(s.owner_company_id, 0), s.hidden, new.status, 1 FROM stations s WHERE s.id = new.station_id
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER `connector_counts_delete` AFTER DELETE ON `connectors` BEGIN
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT s.company_id, coalesce(s.owner_company_id, 0), s.hidden, old.status, -1 FROM stations s WHERE s.id = old.station_id
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER `connector_counts_update` AFTER UPDATE OF `status`, `station_id` ON `connectors`
  WHEN old.status IS NOT new.status OR old.station_id IS NOT new.station_id BEGIN
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT s.company_id, coalesce(s.owner_company_id, 0), s.hidden, old.status, -1 FROM stations s WHERE s.id = old.station_id
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT s.company_id, coalesce(s.owner_company_id, 0), s.hidden, new.status, 1 FROM stations s WHERE s.id = new.station_id
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER `station_counts_update` AFTER UPDATE OF `company_id`, `owner_company_id`, `hidden` ON `stations`
  WHEN old.company_id IS NOT new.company_id OR old.owner_company_id IS NOT new.owner_company_id OR old.hidden IS NOT new.hidden BEGIN
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT old.company_id, coalesce(old.owner_company_id, 0), old.hidden, c.status, -count(*) FROM connectors c WHERE c.station_id = old.id GROUP BY c.status
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT new.company_id, coalesce(new.owner_company_id, 0), new.hidden, c.status, count(*) FROM connectors c WHERE c.station_id = new.id GROUP BY c.status
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
END;
--> statement-breakpoint
-- A deleted station's connectors leave the counts exactly once: all of them are counted off before
-- the row goes; the cascade deletes them after the station row is gone, so the connector trigger
-- finds no station and does nothing (an AFTER trigger here would find the connectors already gone).
CREATE TRIGGER `station_counts_delete` BEFORE DELETE ON `stations` BEGIN
  INSERT INTO connector_status_counts (company_id, owner_company_id, hidden, status, n)
    SELECT old.company_id, coalesce(old.owner_company_id, 0), old.hidden, c.status, -count(*) FROM connectors c WHERE c.station_id = old.id GROUP BY c.status
    ON CONFLICT (company_id, owner_company_id, hidden, status) DO UPDATE SET n = connector_status_counts.n + excluded.n;
END;
--> statement-breakpoint
-- 2. Trigram full-text indexes (FTS5, external content) for the keyword filter: a keyword of three
--    characters or more finds its candidate rows here; the LIKE conditions still decide, so answers
--    are the same as a scan's. Shorter keywords scan as before.
CREATE VIRTUAL TABLE `connectors_fts` USING fts5(evse_id, uid, content='connectors', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `stations_fts` USING fts5(name, uid, city, address, content='stations', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `connectors_fts` (`connectors_fts`) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `stations_fts` (`stations_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_insert` AFTER INSERT ON `connectors` BEGIN
  INSERT INTO connectors_fts (rowid, evse_id, uid) VALUES (new.id, new.evse_id, new.uid);
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_delete` AFTER DELETE ON `connectors` BEGIN
  INSERT INTO connectors_fts (connectors_fts, rowid, evse_id, uid) VALUES ('delete', old.id, old.evse_id, old.uid);
END;
--> statement-breakpoint
CREATE TRIGGER `connectors_fts_update` AFTER UPDATE OF `evse_id`, `uid` ON `connectors` BEGIN
  INSERT INTO connectors_fts (connectors_fts, rowid, evse_id, uid) VALUES ('delete', old.id, old.evse_id, old.uid);
  INSERT INTO connectors_fts (rowid, evse_id, uid) VALUES (new.id, new.evse_id, new.uid);
END;
--> statement-breakpoint
CREATE TRIGGER `stations_fts_insert` AFTER INSERT ON `stations` BEGIN
  INSERT INTO stations_fts (rowid, name, uid, city, address) VALUES (new.id, new.name, new.uid, new.city, new.address);
END;
--> statement-breakpoint
CREATE TRIGGER `stations_fts_delete` AFTER DELETE ON `stations` BEGIN
  INSERT INTO stations_fts (stations_fts, rowid, name, uid, city, address) VALUES ('delete', old.id, old.name, old.uid, old.city, old.address);
END;
--> statement-breakpoint
CREATE TRIGGER `stations_fts_update` AFTER UPDATE OF `name`, `uid`, `city`, `address` ON `stations` BEGIN
  INSERT INTO stations_fts (stations_fts, rowid, name, uid, city, address) VALUES ('delete', old.id, old.name, old.uid, old.city, old.address);
  INSERT INTO stations_fts (rowid, name, uid, city, address) VALUES (new.id, new.name, new.uid, new.city, new.address);
END;
