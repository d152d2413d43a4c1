-- OCPI as e-mobility provider (issue 22 part 4, ADR 057 addendum "EMSP: tokens and commands"):
-- the last change of an RFID as its published OCPI Token says (`last_updated`, pull filters), the
-- real-time authorizations we answered a partner's CPO (their authorization_reference is ours), and the
-- commands the back office sent to a partner's CPO for one of our drivers with the partner's immediate
-- CommandResponse and its asynchronous CommandResult (posted to our response_url). As CPO: how a
-- partner's token was authorized for a session (AUTH_REQUEST, COMMAND, WHITELIST), its OCPI auth_method.
ALTER TABLE `rfids` ADD `updated_at` integer;
--> statement-breakpoint
CREATE TABLE `ocpi_emsp_authorizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`rfid_id` integer NOT NULL REFERENCES `rfids`(`id`) ON DELETE cascade,
	`reference` text NOT NULL,
	`allowed` text NOT NULL,
	`reason` text NOT NULL,
	`location_id` text,
	`evse_uids_json` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_emsp_authorizations_reference_idx` ON `ocpi_emsp_authorizations` (`reference`);
--> statement-breakpoint
CREATE INDEX `ocpi_emsp_authorizations_rfid_idx` ON `ocpi_emsp_authorizations` (`rfid_id`, `id`);
--> statement-breakpoint
CREATE TABLE `ocpi_emsp_commands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`uid` text NOT NULL,
	`command` text NOT NULL,
	`rfid_id` integer REFERENCES `rfids`(`id`) ON DELETE set null,
	`request_json` text NOT NULL,
	`response_result` text,
	`response_timeout` integer,
	`response_message` text,
	`error` text,
	`result` text,
	`result_message` text,
	`result_at` integer,
	`created_by` integer REFERENCES `users`(`id`),
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_emsp_commands_uid_idx` ON `ocpi_emsp_commands` (`uid`);
--> statement-breakpoint
CREATE INDEX `ocpi_emsp_commands_peering_idx` ON `ocpi_emsp_commands` (`peering_id`, `id`);
--> statement-breakpoint
ALTER TABLE `charging_sessions` ADD `ocpi_auth_method` text;
