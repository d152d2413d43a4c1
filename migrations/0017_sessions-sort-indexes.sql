DROP INDEX `charging_sessions_user_idx`;--> statement-breakpoint
CREATE INDEX `charging_sessions_company_energy_idx` ON `charging_sessions` (`company_id`,`cdr_consumed_energy`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_company_time_idx` ON `charging_sessions` (`company_id`,`cdr_time`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_company_emp_total_idx` ON `charging_sessions` (`company_id`,`emp_price_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_company_emp_net_total_idx` ON `charging_sessions` (`company_id`,`emp_price_net_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_company_subcpo_total_idx` ON `charging_sessions` (`company_id`,`subcpo_price_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_company_owner_total_idx` ON `charging_sessions` (`company_id`,`owner_price_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_user_energy_idx` ON `charging_sessions` (`user_id`,`cdr_consumed_energy`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_user_time_idx` ON `charging_sessions` (`user_id`,`cdr_time`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_user_emp_total_idx` ON `charging_sessions` (`user_id`,`emp_price_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_user_emp_net_total_idx` ON `charging_sessions` (`user_id`,`emp_price_net_total`,`id`,`cdr_start`);--> statement-breakpoint
CREATE INDEX `charging_sessions_user_idx` ON `charging_sessions` (`user_id`,`cdr_start`,`id`,`status`,`station_id`,`start_method`,`auth_id`);