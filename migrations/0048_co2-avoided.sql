-- CO2 avoided per ISO 14064-2 (issue 21 part 4, ADR 053). A station with certified renewable supply is
-- counted market-based: its certificate's reference (guarantee of origin, PPA…) and the certificate's own
-- factor in gCO2/kWh (null: the certificate names none, counted as 0). A company may replace the method's
-- default consumptions per vehicle class (the baseline) with its fleet's own figures.
ALTER TABLE `stations` ADD `certified_renewable` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `stations` ADD `renewable_certificate` text;--> statement-breakpoint
ALTER TABLE `stations` ADD `renewable_g_per_kwh` real;--> statement-breakpoint
CREATE TABLE `company_co2_baselines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`vehicle_class` text NOT NULL,
	`ev_kwh_per_100km` real,
	`ice_litres_per_100km` real,
	`fuel` text,
	`updated_by` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE UNIQUE INDEX `company_co2_baselines_company_class_unique` ON `company_co2_baselines` (`company_id`,`vehicle_class`);
