-- OCPP 2.0.1 device model (issue 23 block B, ADR 058 addendum): every variable attribute a 2.0.1
-- station reports in NotifyReport (answering GetBaseReport), one row per station, variable key and
-- attribute type. `key` is the variable's canonical name (domain/ocpp/device-model.ts), which is also
-- the configuration key the maintenance screen shows and changes through GetVariables/SetVariables.
CREATE TABLE `station_device_variables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`station_id` integer NOT NULL REFERENCES `stations`(`id`) ON DELETE cascade,
	`key` text NOT NULL,
	`component` text NOT NULL,
	`component_instance` text,
	`evse_id` integer,
	`connector_id` integer,
	`variable` text NOT NULL,
	`variable_instance` text,
	`attribute_type` text NOT NULL,
	`value` text,
	`mutability` text,
	`persistent` integer,
	`constant` integer,
	`data_type` text,
	`unit` text,
	`min_limit` real,
	`max_limit` real,
	`values_list` text,
	`request_id` integer,
	`reported_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `station_device_variables_key` ON `station_device_variables` (`station_id`,`key`,`attribute_type`);
--> statement-breakpoint
CREATE INDEX `station_device_variables_component` ON `station_device_variables` (`station_id`,`component`);
