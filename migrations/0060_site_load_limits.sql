-- Site load management (issue 23 part 5, ADR 059): a location's grid-connection limit, shared by the
-- back office among the charging sessions at the location's stations. One row per managed location;
-- no row means the location is not managed. Limits are ampere per phase or kW (`unit`), `schedule_json`
-- holds the daily periods [{"from":"HH:MM","limit":n}] in the location's time zone.
CREATE TABLE `site_load_limits` (
	`location_id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT 1 NOT NULL,
	`unit` text NOT NULL,
	`limit_value` real NOT NULL,
	`phases` integer DEFAULT 3 NOT NULL,
	`voltage` integer DEFAULT 230 NOT NULL,
	`min_current_a` real DEFAULT 6 NOT NULL,
	`schedule_json` text DEFAULT '[]' NOT NULL,
	`connector_minimums_json` text DEFAULT '{}' NOT NULL,
	`group_priorities_json` text DEFAULT '{}' NOT NULL,
	`updated_by_user_id` integer,
	`updated_at` integer,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
