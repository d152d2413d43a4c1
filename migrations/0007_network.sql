CREATE INDEX `connectors_evse_idx` ON `connectors` (`evse_id`);--> statement-breakpoint
CREATE INDEX `connectors_station_status_idx` ON `connectors` (`station_id`,`status`);--> statement-breakpoint
CREATE INDEX `stations_owner_idx` ON `stations` (`owner_company_id`);--> statement-breakpoint
CREATE INDEX `stations_name_idx` ON `stations` (`name`);