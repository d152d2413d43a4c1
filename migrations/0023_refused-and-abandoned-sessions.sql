-- Sessions that should not stay open (issue 24, section 1; ADR 040).
-- refused_status: the idTagInfo status a StartTransaction was answered with when it was not
-- Accepted (Invalid, Blocked, Expired, ConcurrentTx). Such a session is recorded closed at once, is
-- never concurrent with anything and is never billed; a later StopTransaction still fills in its energy.
ALTER TABLE `charging_sessions` ADD `refused_status` text;--> statement-breakpoint
-- ended_without_stop: 1 when the back office closed the session because the charge point showed it
-- had ended (a new transaction on the connector, a reboot, the connector Available) without ever
-- sending its StopTransaction. A StopTransaction that arrives later still corrects it.
ALTER TABLE `charging_sessions` ADD `ended_without_stop` integer DEFAULT 0 NOT NULL;
