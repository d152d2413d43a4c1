-- OCPP 2.0.1 beside 1.6 in the same ChargePoint object (issue 23 part 1, ADR 058): the version a
-- station must speak (null: whichever it offers first that the server supports) and the version its
-- last connection negotiated (written by the ocpp worker at the upgrade when it changes).
ALTER TABLE `stations` ADD `ocpp_version` text;
--> statement-breakpoint
ALTER TABLE `stations` ADD `ocpp_version_connected` text;
