CREATE TABLE `customer_group_membership` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_group_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_to` integer
);
--> statement-breakpoint
CREATE INDEX `customer_group_membership_group_idx` ON `customer_group_membership` (`customer_group_id`,`valid_from`);--> statement-breakpoint
CREATE INDEX `customer_group_membership_user_idx` ON `customer_group_membership` (`user_id`,`valid_to`);--> statement-breakpoint
CREATE INDEX `charging_sessions_owner_energy_idx` ON `charging_sessions` (`owner_company_id`,`cdr_consumed_energy`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_owner_time_idx` ON `charging_sessions` (`owner_company_id`,`cdr_time`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_owner_emp_total_idx` ON `charging_sessions` (`owner_company_id`,`emp_price_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_owner_owner_total_idx` ON `charging_sessions` (`owner_company_id`,`owner_price_total`,`id`,`cdr_start`);--> statement-breakpoint
-- Membership history (ADR 026 addendum). Existing members start at their current join date
-- (customer_group_members.created_at, the "added at" of the member list); earlier stays in other
-- groups and members removed before this migration were not recorded and are not reconstructed.
INSERT INTO `customer_group_membership` (`customer_group_id`, `user_id`, `valid_from`)
  SELECT `customer_group_id`, `user_id`, `created_at` FROM `customer_group_members`;--> statement-breakpoint
-- Every writer (API, seeds, imports, cascades of a deleted user or group, SQL by hand) records the
-- change in the same statement: a join opens a stay, a move closes the old one and opens one in the
-- new group, a removal closes it. A move or removal without a new created_at is dated now.
CREATE TRIGGER `customer_group_membership_join` AFTER INSERT ON `customer_group_members` BEGIN
  UPDATE `customer_group_membership` SET `valid_to` = max(`valid_from`, NEW.`created_at`)
    WHERE `user_id` = NEW.`user_id` AND `valid_to` IS NULL;
  INSERT INTO `customer_group_membership` (`customer_group_id`, `user_id`, `valid_from`)
    VALUES (NEW.`customer_group_id`, NEW.`user_id`, NEW.`created_at`);
END;--> statement-breakpoint
CREATE TRIGGER `customer_group_membership_move` AFTER UPDATE OF `customer_group_id` ON `customer_group_members`
  WHEN OLD.`customer_group_id` <> NEW.`customer_group_id` BEGIN
  UPDATE `customer_group_membership`
    SET `valid_to` = max(`valid_from`, CASE WHEN NEW.`created_at` <> OLD.`created_at` THEN NEW.`created_at` ELSE CAST(unixepoch('subsec') * 1000 AS INTEGER) END)
    WHERE `user_id` = OLD.`user_id` AND `valid_to` IS NULL;
  INSERT INTO `customer_group_membership` (`customer_group_id`, `user_id`, `valid_from`)
    VALUES (NEW.`customer_group_id`, NEW.`user_id`, CASE WHEN NEW.`created_at` <> OLD.`created_at` THEN NEW.`created_at` ELSE CAST(unixepoch('subsec') * 1000 AS INTEGER) END);
END;--> statement-breakpoint
CREATE TRIGGER `customer_group_membership_leave` AFTER DELETE ON `customer_group_members` BEGIN
  UPDATE `customer_group_membership` SET `valid_to` = max(`valid_from`, CAST(unixepoch('subsec') * 1000 AS INTEGER))
    WHERE `user_id` = OLD.`user_id` AND `customer_group_id` = OLD.`customer_group_id` AND `valid_to` IS NULL;
END;
