-- OCPI hub specifics and charging profiles (issue 22 parts 3 and 6, ADR 057 addendum "Hub and charging
-- profiles"). `ocpi_hub_clients`: the parties behind a hub peering and their connection status, as the
-- hub pushes them (HubClientInfo receiver, PUT hubclientinfo/{country_code}/{party_id}).
-- `ocpi_charging_profiles`: every charging profile request a partner made on one of its sessions (PUT
-- SetChargingProfile, GET ActiveChargingProfile, DELETE ClearProfile), the party behind the hub that sent
-- it, the limit sent to the charge point (capped at the site's share), the response_url and the result
-- the charge point gave.
CREATE TABLE `ocpi_hub_clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`country_code` text NOT NULL,
	`party_id` text NOT NULL,
	`role` text NOT NULL,
	`status` text NOT NULL,
	`last_updated` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_hub_clients_identity_idx` ON `ocpi_hub_clients` (`peering_id`, `country_code`, `party_id`, `role`);
--> statement-breakpoint
CREATE TABLE `ocpi_charging_profiles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`session_id` integer NOT NULL,
	`request` text NOT NULL,
	`from_country_code` text,
	`from_party_id` text,
	`profile_json` text,
	`response_url` text NOT NULL,
	`result` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ocpi_charging_profiles_session_idx` ON `ocpi_charging_profiles` (`session_id`, `created_at`);
