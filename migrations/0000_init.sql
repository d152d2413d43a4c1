CREATE TABLE `auth_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`roles_json` text NOT NULL,
	`selected_company_id` integer NOT NULL,
	`two_factor_passed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`selected_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_user_idx` ON `auth_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_hash_unique` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `totp_pairings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`secret_enc` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`confirmed_at` integer,
	`cancelled_at` integer,
	`last_used_step` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `totp_pairings_user_idx` ON `totp_pairings` (`user_id`);--> statement-breakpoint
CREATE TABLE `two_factor_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `auth_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `two_factor_codes_session_idx` ON `two_factor_codes` (`session_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`parent_company_id` integer,
	`name` text NOT NULL,
	`business_name` text,
	`email` text,
	`web` text,
	`fax` text,
	`phone` text,
	`street` text,
	`street_number` text,
	`city` text,
	`district` text,
	`state` text,
	`zip` text,
	`country` text NOT NULL,
	`vat` text,
	`tax_id_type` text,
	`tax_id_country` text,
	`legal_entity` text,
	`executive_name` text,
	`commercial_register_number` text,
	`bank_info` text,
	`invoice_footer` text,
	`description_en` text,
	`description_it` text,
	`description_fr` text,
	`description_de` text,
	`contract_number` text,
	`contract_start_date` text,
	`contract_end_date` text,
	`keyfob_fee` integer,
	`saas_fee` integer,
	`cpms_fee` integer,
	`monthly_connector_fee` integer,
	`monthly_sim_fee` integer,
	`annual_platform_fee` integer,
	`billing_cycle_anchor` text,
	`corporate_admin_id` integer,
	`logo` text,
	`brand_color` text,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`time_zone` text DEFAULT 'Europe/Paris' NOT NULL,
	`pre_authorization_amount` integer,
	`kwh_net_cost` integer,
	`reimbursement_kwh_cost_limit` integer,
	`soc_notification_type` text,
	`soc_limit` integer,
	`cpms` text,
	`is_subcpo` integer DEFAULT false NOT NULL,
	`is_evfleet` integer DEFAULT false NOT NULL,
	`is_lifestyle` integer DEFAULT false NOT NULL,
	`emp_services` integer DEFAULT false NOT NULL,
	`show_advanced_services` integer DEFAULT false NOT NULL,
	`is_closed` integer DEFAULT false NOT NULL,
	`siblings_can_charge_on` integer DEFAULT false NOT NULL,
	`parent_can_charge_on` integer DEFAULT false NOT NULL,
	`mandatory_license_plate` integer DEFAULT false NOT NULL,
	`accepts_pending_stations` integer DEFAULT false NOT NULL,
	`group1_label` text DEFAULT 'Group 1' NOT NULL,
	`group2_label` text DEFAULT 'Group 2' NOT NULL,
	`group3_label` text DEFAULT 'Group 3' NOT NULL,
	`group4_label` text DEFAULT 'Group 4' NOT NULL,
	`stripe_customer_id` text,
	`stripe_account_id` text,
	`id_offer` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`parent_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `companies_parent_idx` ON `companies` (`parent_company_id`);--> statement-breakpoint
CREATE TABLE `company_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`level` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_groups_company_idx` ON `company_groups` (`company_id`,`level`);--> statement-breakpoint
CREATE TABLE `company_service_settings` (
	`company_id` integer NOT NULL,
	`setting_id` integer NOT NULL,
	PRIMARY KEY(`company_id`, `setting_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `company_siblings` (
	`company_id` integer NOT NULL,
	`sibling_id` integer NOT NULL,
	PRIMARY KEY(`company_id`, `sibling_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sibling_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `corporate_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `corporate_groups_company_idx` ON `corporate_groups` (`company_id`);--> statement-breakpoint
CREATE TABLE `connectors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`station_id` integer NOT NULL,
	`connector_number` integer NOT NULL,
	`evse_id` text,
	`plug_type` text,
	`plug_format` text,
	`power_type` text,
	`voltage` integer,
	`amperage` integer,
	`max_power_w` integer,
	`status` text DEFAULT 'unknown' NOT NULL,
	`error_code` text,
	`status_info` text,
	`status_changed_at` integer,
	`capabilities_json` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`station_id`) REFERENCES `stations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connectors_uid_unique` ON `connectors` (`uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `connectors_station_number_unique` ON `connectors` (`station_id`,`connector_number`);--> statement-breakpoint
CREATE INDEX `connectors_status_idx` ON `connectors` (`status`);--> statement-breakpoint
CREATE TABLE `stations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`template` text,
	`company_id` integer NOT NULL,
	`owner_company_id` integer,
	`address` text,
	`street_number` text,
	`postal_code` text,
	`city` text,
	`country` text,
	`latitude` real,
	`longitude` real,
	`time_zone` text DEFAULT 'Europe/Paris' NOT NULL,
	`type` text DEFAULT 'public' NOT NULL,
	`directions` text,
	`power_type` text,
	`voltage` integer,
	`amperage` integer,
	`plug_type` text,
	`plug_format` text,
	`url_type` text,
	`brand` text,
	`model` text,
	`profile` text,
	`serial_number` text,
	`firmware` text,
	`installation_date` text,
	`commissioning_date` text,
	`mid_meter_serial` text,
	`payment_terminal_serial` text,
	`energy_storage_url` text,
	`visible_in_app` integer DEFAULT false NOT NULL,
	`open_to_public` integer DEFAULT false NOT NULL,
	`opening_date` text,
	`qr_payment_enabled` integer DEFAULT false NOT NULL,
	`at_home` integer DEFAULT false NOT NULL,
	`offline` integer DEFAULT false NOT NULL,
	`registration` text DEFAULT 'accepted' NOT NULL,
	`ocpp_password_hash` text,
	`group1_id` integer,
	`group2_id` integer,
	`group3_id` integer,
	`group4_id` integer,
	`last_ip` text,
	`last_heartbeat_at` integer,
	`last_reset_at` integer,
	`last_boot_at` integer,
	`last_authorization_at` integer,
	`last_seen_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`owner_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group1_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group2_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group3_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group4_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stations_uid_unique` ON `stations` (`uid`);--> statement-breakpoint
CREATE INDEX `stations_company_idx` ON `stations` (`company_id`);--> statement-breakpoint
CREATE INDEX `stations_city_idx` ON `stations` (`city`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`actor_user_id` integer,
	`company_id` integer,
	`action` text NOT NULL,
	`entity` text,
	`entity_id` text,
	`detail_json` text,
	`ip` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_company_idx` ON `audit_log` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_user_id`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`template` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `email_outbox_pending_idx` ON `email_outbox` (`sent_at`);--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`key` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text,
	`last_name` text,
	`telephone` text,
	`username` text,
	`status` text DEFAULT 'active' NOT NULL,
	`deleted_at` integer,
	`token_2fa_method_id` integer DEFAULT 1 NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`theme` text DEFAULT 'light' NOT NULL,
	`selected_company_id` integer,
	`corporate_group_id` integer,
	`group1_id` integer,
	`group2_id` integer,
	`group3_id` integer,
	`group4_id` integer,
	`license_plate` text,
	`employee_number` text,
	`cost_center` text,
	`ssn` text,
	`account_type` text,
	`can_charge_public` integer DEFAULT false NOT NULL,
	`can_charge_work` integer DEFAULT false NOT NULL,
	`can_charge_home` integer DEFAULT false NOT NULL,
	`only_private` integer DEFAULT false NOT NULL,
	`charge_only_with_rfid` integer DEFAULT false NOT NULL,
	`daily_limit` integer,
	`weekly_limit` integer,
	`monthly_limit` integer,
	`odometer_km` integer,
	`iban_owner` text,
	`partner_user_id` text,
	`last_login_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`selected_company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`corporate_group_id`) REFERENCES `corporate_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group1_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group2_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group3_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`group4_id`) REFERENCES `company_groups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`,`status`);