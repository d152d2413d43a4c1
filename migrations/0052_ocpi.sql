-- OCPI 2.2.1 roaming (issue 22 parts 1 and 2, ADR 057). Our OCPI parties per operator company: one row
-- per role (CPO, EMSP) under a country code and party id, with the business details sent in credentials.
CREATE TABLE `ocpi_parties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`country_code` text NOT NULL,
	`party_id` text NOT NULL,
	`role` text NOT NULL,
	`business_name` text NOT NULL,
	`website` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_parties_identity_idx` ON `ocpi_parties` (`country_code`, `party_id`, `role`);--> statement-breakpoint
CREATE INDEX `ocpi_parties_company_idx` ON `ocpi_parties` (`company_id`);--> statement-breakpoint
-- A connection with one partner platform. `incoming_token_hash` is the SHA-256 (hex) of the token the
-- partner presents to us (our token A before registration, then token C, or token B while we register
-- with them), never stored in clear; `incoming_token_prefix` its first characters, for display.
-- `outgoing_token_sealed` is the token we present to the partner (its token A, then its token C, or
-- the token B it gave us), sealed with AES-GCM under SSO_SECRET_KEY (context `ocpi:<id>`).
CREATE TABLE `ocpi_peerings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`name` text NOT NULL,
	`direction` text NOT NULL,
	`versions_url` text,
	`our_base_url` text NOT NULL,
	`version` text,
	`endpoints_json` text DEFAULT '[]' NOT NULL,
	`partner_roles_json` text DEFAULT '[]' NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`last_error` text,
	`incoming_token_hash` text,
	`incoming_token_prefix` text,
	`incoming_token_kind` text,
	`outgoing_token_sealed` text,
	`outgoing_token_kind` text,
	`registered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_by` integer REFERENCES `users`(`id`)
);--> statement-breakpoint
CREATE INDEX `ocpi_peerings_company_idx` ON `ocpi_peerings` (`company_id`, `id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ocpi_peerings_incoming_token_idx` ON `ocpi_peerings` (`incoming_token_hash`);--> statement-breakpoint
-- Every OCPI message to or from a peering: the body truncated, tokens redacted.
CREATE TABLE `ocpi_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`direction` text NOT NULL,
	`method` text NOT NULL,
	`url_path` text NOT NULL,
	`http_status` integer,
	`ocpi_status` integer,
	`duration_ms` integer NOT NULL,
	`request_id` text,
	`correlation_id` text,
	`body` text,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE INDEX `ocpi_messages_peering_idx` ON `ocpi_messages` (`peering_id`, `id`);--> statement-breakpoint
-- The durable queue of outgoing OCPI work (the credentials handshake now, pushes later): a row is
-- attempted at once and, while it fails, again by the five-minute cron with backoff until `dead`.
CREATE TABLE `ocpi_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`kind` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
CREATE INDEX `ocpi_outbox_due_idx` ON `ocpi_outbox` (`state`, `next_attempt_at`);
