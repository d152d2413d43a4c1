-- The SIM a charge point reports in BootNotification (OCPP 1.6 `iccid`, `imsi`; issue 17 part 7, ADR 043
-- addendum): the last values reported are kept (a boot without them does not clear them). The monthly
-- usage invoice bills `companies.monthly_sim_fee` per station of the company with a non-empty ICCID.
ALTER TABLE `stations` ADD `iccid` text;--> statement-breakpoint
ALTER TABLE `stations` ADD `imsi` text;
