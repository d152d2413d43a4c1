-- Uptime (issue 21 part 5, ADR 054): the periods excluded from a connector's availability (scheduled
-- maintenance entered in advance, outages outside the operator's control: grid, third-party damage,
-- force majeure), each on a station (all its connectors) or one connector; the fault-to-ticket threshold
-- per company (no row: 60 minutes); and the link from an automatically opened maintenance ticket to the
-- status history row of the fault that opened it (its primary key: one ticket per fault, ever), with the
-- moment the connector left that fault.
CREATE TABLE `uptime_exclusions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`),
	`station_id` integer NOT NULL REFERENCES `stations`(`id`) ON DELETE cascade,
	`connector_id` integer REFERENCES `connectors`(`id`) ON DELETE cascade,
	`reason` text NOT NULL,
	`note` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_by_user_id` integer REFERENCES `users`(`id`),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CHECK (`ends_at` > `starts_at`)
);
--> statement-breakpoint
CREATE INDEX `uptime_exclusions_station_idx` ON `uptime_exclusions` (`station_id`, `starts_at`);
--> statement-breakpoint
CREATE INDEX `uptime_exclusions_company_idx` ON `uptime_exclusions` (`company_id`, `starts_at`);
--> statement-breakpoint
CREATE TABLE `company_uptime_settings` (
	`company_id` integer PRIMARY KEY NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`fault_ticket_minutes` integer DEFAULT 60 NOT NULL,
	CHECK (`fault_ticket_minutes` BETWEEN 5 AND 10080)
);
--> statement-breakpoint
CREATE TABLE `fault_tickets` (
	`status_history_id` integer PRIMARY KEY NOT NULL REFERENCES `connector_status_history`(`id`) ON DELETE cascade,
	`ticket_id` integer REFERENCES `maintenance_tickets`(`id`) ON DELETE set null,
	`connector_id` integer NOT NULL REFERENCES `connectors`(`id`) ON DELETE cascade,
	`cleared_at` integer
);
--> statement-breakpoint
CREATE INDEX `fault_tickets_open_idx` ON `fault_tickets` (`connector_id`, `cleared_at`);
