CREATE TABLE `rfids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`key_hanger_code` text NOT NULL,
	`uuid` text NOT NULL,
	`user_id` integer,
	`type` text DEFAULT 'rfid' NOT NULL,
	`peering` text,
	`status` text DEFAULT 'active' NOT NULL,
	`expires_at` integer,
	`blocked_at` integer,
	`unlinked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rfids_uuid_unique` ON `rfids` (`uuid`);--> statement-breakpoint
CREATE INDEX `rfids_company_idx` ON `rfids` (`company_id`);--> statement-breakpoint
CREATE INDEX `rfids_user_idx` ON `rfids` (`user_id`);--> statement-breakpoint
CREATE TABLE `charging_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cdr_id` text NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`station_id` integer NOT NULL,
	`connector_id` integer,
	`connector_number` integer NOT NULL,
	`company_id` integer NOT NULL,
	`owner_company_id` integer,
	`user_id` integer,
	`rfid_id` integer,
	`auth_id` text NOT NULL,
	`start_method` text DEFAULT 'RFID' NOT NULL,
	`start_key` text NOT NULL,
	`cdr_start` integer NOT NULL,
	`cdr_end` integer,
	`cdr_stop_charging_date` integer,
	`cdr_charging_end` integer,
	`meter_start_wh` integer NOT NULL,
	`meter_stop_wh` integer,
	`cdr_consumed_energy` integer,
	`cdr_time` integer,
	`cdr_time_charged` integer,
	`cdr_total_parking_time` integer,
	`stop_reason` text,
	`cdr_odometer` integer,
	`cdr_needs_revision` integer DEFAULT 0 NOT NULL,
	`cdr_remark` text,
	`cdr_operator_id` text,
	`cdr_partner_session_id` text,
	`cdr_type_id` integer,
	`connector_evse_id` text,
	`child_email` text,
	`child_plate` text,
	`child_employee_id` text,
	`child_cost_center` text,
	`corporate_group_name` text,
	`user_key_hanger_code` text,
	`user_email` text,
	`user_code` text,
	`station_name` text,
	`station_city` text,
	`station_street` text,
	`plug_type` text,
	`plug_max_electric_power` integer,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`pricing_status` text DEFAULT 'unpriced' NOT NULL,
	`pricing_note` text,
	`emp_price_total` integer,
	`emp_price_net_total` integer,
	`emp_price_energy` integer,
	`emp_price_net_energy` integer,
	`emp_price_time` integer,
	`emp_price_penalty` integer,
	`emp_price_net_penalty` integer,
	`subcpo_price_total` integer,
	`subcpo_price_energy` integer,
	`subcpo_price_time` integer,
	`subcpo_price_penalty` integer,
	`owner_price_total` integer,
	`owner_price_energy` integer,
	`owner_price_penalty` integer,
	`owner_cost_per_kwh` integer,
	`cdr_vat_value` integer,
	`meter_curve_json` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rfid_id`) REFERENCES `rfids`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `charging_sessions_cdr_unique` ON `charging_sessions` (`cdr_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `charging_sessions_start_key_unique` ON `charging_sessions` (`station_id`,`start_key`);--> statement-breakpoint
CREATE INDEX `charging_sessions_station_idx` ON `charging_sessions` (`station_id`,`status`);--> statement-breakpoint
CREATE INDEX `charging_sessions_company_idx` ON `charging_sessions` (`company_id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_user_idx` ON `charging_sessions` (`user_id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_auth_idx` ON `charging_sessions` (`auth_id`,`status`);--> statement-breakpoint
CREATE TABLE `connector_status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`connector_id` integer NOT NULL,
	`status` text NOT NULL,
	`error_code` text,
	`info` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `connector_status_history_idx` ON `connector_status_history` (`connector_id`,`at`);--> statement-breakpoint
CREATE TABLE `customer_service_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`station_id` integer,
	`connector_id` integer,
	`connector_evseid` text,
	`user_id` integer,
	`action` text NOT NULL,
	`detail_json` text,
	`result` text NOT NULL,
	`error_message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`connector_id`) REFERENCES `connectors`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `customer_service_logs_company_idx` ON `customer_service_logs` (`company_id`,`created_at`);