-- OCPI locations (issue 22 parts 3 and 5, ADR 057 addendum "Locations and tariffs"). A station is sent to
-- a roaming peering once it is bound to it (onboarding `bind-peering` / `publish-on-emp`): one row per
-- station and peering, with the outcome of the last publish (the partner's error when it refused).
-- A public peering (the default) shows the station to every driver of the partner, so it takes only
-- public stations ("Public peering requires the station to be public"); a private one receives the
-- station with `publish` false.
ALTER TABLE `ocpi_peerings` ADD `public` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE `station_peerings` (
	`station_id` integer NOT NULL REFERENCES `stations`(`id`) ON DELETE cascade,
	`peering_id` integer NOT NULL REFERENCES `ocpi_peerings`(`id`) ON DELETE cascade,
	`bound_at` integer NOT NULL,
	`published_at` integer,
	`publish_error` text,
	PRIMARY KEY (`station_id`, `peering_id`)
);
--> statement-breakpoint
CREATE INDEX `station_peerings_peering_idx` ON `station_peerings` (`peering_id`, `station_id`);
