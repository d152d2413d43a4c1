-- OCPI as e-mobility provider (issue 22 parts 4 and 6, ADR 057 addendum "EMSP: locations and tariffs"):
-- the Locations (with their EVSEs and connectors) and Tariffs a partner's CPO pushes to us or we pull
-- from it, scoped by the peering's company. The columns are what we filter on; the objects are kept as
-- their JSON. `last_updated` (ms) makes every write idempotent: only a strictly newer object replaces a
-- row. `ocpi_pulls` is the progress of a pull of a partner's sender (resumable from `next_url`).
CREATE TABLE `ocpi_partner_locations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`country_code` text NOT NULL,
	`party_id` text NOT NULL,
	`location_id` text NOT NULL,
	`country` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`publish` integer NOT NULL,
	`last_updated` integer NOT NULL,
	`object_json` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_partner_locations_identity_idx` ON `ocpi_partner_locations` (`peering_id`, `country_code`, `party_id`, `location_id`);
--> statement-breakpoint
CREATE INDEX `ocpi_partner_locations_country_idx` ON `ocpi_partner_locations` (`company_id`, `country`, `peering_id`);
--> statement-breakpoint
CREATE TABLE `ocpi_partner_evses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`location_row_id` integer NOT NULL REFERENCES `ocpi_partner_locations`(`id`) ON DELETE cascade,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`evse_uid` text NOT NULL,
	`status` text NOT NULL,
	`last_updated` integer NOT NULL,
	`object_json` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_partner_evses_identity_idx` ON `ocpi_partner_evses` (`location_row_id`, `evse_uid`);
--> statement-breakpoint
CREATE INDEX `ocpi_partner_evses_peering_idx` ON `ocpi_partner_evses` (`peering_id`, `status`);
--> statement-breakpoint
CREATE TABLE `ocpi_partner_tariffs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`country_code` text NOT NULL,
	`party_id` text NOT NULL,
	`tariff_id` text NOT NULL,
	`currency` text NOT NULL,
	`last_updated` integer NOT NULL,
	`object_json` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_partner_tariffs_identity_idx` ON `ocpi_partner_tariffs` (`peering_id`, `country_code`, `party_id`, `tariff_id`);
--> statement-breakpoint
CREATE INDEX `ocpi_partner_tariffs_company_idx` ON `ocpi_partner_tariffs` (`company_id`, `peering_id`);
--> statement-breakpoint
CREATE TABLE `ocpi_pulls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`module` text NOT NULL,
	`state` text NOT NULL,
	`next_url` text,
	`pages` integer DEFAULT 0 NOT NULL,
	`objects` integer DEFAULT 0 NOT NULL,
	`rejected` integer DEFAULT 0 NOT NULL,
	`total` integer,
	`last_error` text,
	`started_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_pulls_peering_idx` ON `ocpi_pulls` (`peering_id`, `module`);
--> statement-breakpoint
CREATE INDEX `ocpi_pulls_state_idx` ON `ocpi_pulls` (`state`, `updated_at`);
