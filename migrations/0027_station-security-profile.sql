-- Station security profile (issue 24, section 2; OCPP 1.6 Security Whitepaper): 0-3, stored on the
-- station and honoured at the upgrade (profile 2 and 3 refuse a connection that did not arrive over TLS).
-- Existing stations connect with basic auth over ws or wss: profile 1.
ALTER TABLE `stations` ADD `security_profile` integer DEFAULT 1 NOT NULL;
