-- Company groups as a tree (issue 20 part 4, spec 3 "Company group levels", 7.20): a group of level
-- n > 1 sits under a group of level n - 1 of the same company, so the four levels form one hierarchy
-- (region > city > site > floor, for example). Stations and users keep their group1..group4 columns:
-- assigning a group writes it and its ancestors. Each user's selected levels (the groups picked at each
-- level in the company-groups screen and filters) are kept with the user instead of the browser.
ALTER TABLE `company_groups` ADD `parent_id` integer REFERENCES `company_groups`(`id`);--> statement-breakpoint
CREATE INDEX `company_groups_parent_idx` ON `company_groups` (`parent_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `company_group_selection` text;
