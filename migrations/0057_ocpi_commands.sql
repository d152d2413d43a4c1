-- OCPI commands a partner's eMSP sent us as CPO (issue 22 part 3, ADR 057 addendum "Tokens and commands"):
-- the command, the station and connector it went to, the token and authorization reference of a
-- START_SESSION (the StartTransaction that follows is authorized and linked by it), the eMSP's
-- reservation id of a RESERVE_NOW (our row id is the OCPP reservationId), the response_url the
-- CommandResult goes to, and the result once the charge point answered.
CREATE TABLE `ocpi_commands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`command` text NOT NULL,
	`station_id` integer REFERENCES `stations`(`id`) ON DELETE cascade,
	`connector_number` integer,
	`token_uid` text,
	`token_type` text,
	`authorization_reference` text,
	`reservation_id` text,
	`session_id` integer,
	`response_url` text NOT NULL,
	`result` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ocpi_commands_start_idx` ON `ocpi_commands` (`station_id`, `token_uid`, `id`);
--> statement-breakpoint
CREATE INDEX `ocpi_commands_reservation_idx` ON `ocpi_commands` (`peering_id`, `reservation_id`);
