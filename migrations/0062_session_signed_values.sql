-- Signed meter values (issue 23 part 6, ADR 060): the readings a station's calibrated meter signed
-- (OCPP 1.6 sampledValue format SignedData, 2.0.1 signedMeterValue), kept with their session so the
-- session detail can verify them and export them for the transparency software (S.A.F.E.). Written by
-- the ChargePoint object only when a MeterValues / TransactionEvent / StopTransaction carries one; at
-- most 50 per session (Transaction.Begin and Transaction.End always kept, the latest others).
CREATE TABLE `session_signed_values` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`connector_number` integer NOT NULL,
	`at` integer NOT NULL,
	`context` text NOT NULL,
	`measurand` text NOT NULL,
	`format` text NOT NULL,
	`encoding` text,
	`signed_data` text NOT NULL,
	`public_key` text,
	`signing_method` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `charging_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- One reading once: the same value delivered twice (a retried message, the End in both the
-- TransactionEvent and its replay) is ignored.
CREATE UNIQUE INDEX `session_signed_values_reading` ON `session_signed_values` (`session_id`, `at`, `context`, `measurand`);
--> statement-breakpoint
-- The meter's public key (hex or base64 SubjectPublicKeyInfo) used when a signed value carries none.
ALTER TABLE `stations` ADD `meter_public_key` text;
