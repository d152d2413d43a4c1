-- OCPI 2.2.1 objects (issue 22 parts 3 and 7, ADR 057 addendum). Outgoing pushes are outbox rows of a
-- kind (location, tariff, session, cdr, command_result…) about one object (`object_key`, e.g.
-- `session:42`): rows of one peering and object are delivered in id order, one at a time. `payload`
-- holds the body of a push that must be sent as it was (a CDR, a command result); a push without one
-- sends the object's state at delivery time, so a queued row is reused rather than doubled.
ALTER TABLE `ocpi_outbox` ADD `object_key` text;
--> statement-breakpoint
ALTER TABLE `ocpi_outbox` ADD `payload` text;
--> statement-breakpoint
CREATE INDEX `ocpi_outbox_object_idx` ON `ocpi_outbox` (`peering_id`, `object_key`, `id`);
--> statement-breakpoint
-- The tokens partners (e-mobility providers) push to us as CPO (tokens receiver): their drivers'
-- cards and app ids, authorised at our stations from this cache or by real-time authorisation.
CREATE TABLE `ocpi_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`country_code` text NOT NULL,
	`party_id` text NOT NULL,
	`uid` text NOT NULL,
	`type` text NOT NULL,
	`contract_id` text NOT NULL,
	`visual_number` text,
	`issuer` text NOT NULL,
	`group_id` text,
	`valid` integer NOT NULL,
	`whitelist` text NOT NULL,
	`language` text,
	`default_profile_type` text,
	`energy_contract_json` text,
	`last_updated` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_tokens_identity_idx` ON `ocpi_tokens` (`peering_id`, `country_code`, `party_id`, `uid`, `type`);
--> statement-breakpoint
CREATE INDEX `ocpi_tokens_uid_idx` ON `ocpi_tokens` (`uid`);
--> statement-breakpoint
-- A session authorised by a partner's token: the peering whose e-mobility provider receives its OCPI
-- session and CDR, the token and the authorization reference the partner gave.
ALTER TABLE `charging_sessions` ADD `ocpi_peering_id` integer REFERENCES `ocpi_peerings`(`id`);
--> statement-breakpoint
ALTER TABLE `charging_sessions` ADD `ocpi_token_uid` text;
--> statement-breakpoint
ALTER TABLE `charging_sessions` ADD `ocpi_authorization_reference` text;
