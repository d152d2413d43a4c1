-- The company settings' notification channels tab (issue 20 part 2, ADR 036 addendum): the notification
-- types a company subscribes to, each with its comma-separated recipients (spec 5; normalized: lower
-- case, unique, ", "-joined; null: the company's own e-mail), and the countries its alerts cover
-- (`alert_setting_countries` of spec 3, ISO 3166-1 alpha-2). SOC notification type and limit are
-- columns of `companies` already.
CREATE TABLE `company_notification_types` (
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`type` text NOT NULL,
	`emails` text,
	PRIMARY KEY(`company_id`, `type`)
);
--> statement-breakpoint
CREATE TABLE `company_alert_countries` (
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`country` text NOT NULL,
	PRIMARY KEY(`company_id`, `country`),
	CHECK (length(`country`) = 2)
);
