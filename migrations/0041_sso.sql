-- Single sign-on with OpenID Connect per company (issue 20 part 5, ADR 048). One configuration per
-- company: issuer, client id, the client secret sealed with AES-GCM under SSO_SECRET_KEY (never
-- returned by the API), default roles (JSON array of role ids) and corporate group for people
-- provisioned at their first login, whether the identity provider's MFA replaces our 2FA, enabled.
CREATE TABLE `sso_configs` (
	`company_id` integer PRIMARY KEY NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret_sealed` text NOT NULL,
	`default_roles_json` text DEFAULT '[]' NOT NULL,
	`default_corporate_group_id` integer REFERENCES `corporate_groups`(`id`) ON DELETE set null,
	`idp_mfa_replaces_2fa` integer DEFAULT false NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_by` integer REFERENCES `users`(`id`)
);--> statement-breakpoint
-- The e-mail domains whose people log in through a company's provider (lower-cased). The primary key
-- makes a domain belong to one company only.
CREATE TABLE `sso_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL REFERENCES `sso_configs`(`company_id`) ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `sso_domains_company_idx` ON `sso_domains` (`company_id`);--> statement-breakpoint
-- One started SSO login: the SHA-256 of its `state` (the row's key), the nonce and PKCE verifier it
-- must match, its expiry; `used_at` makes it single use (a replayed callback finds it used).
CREATE TABLE `sso_login_attempts` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL REFERENCES `companies`(`id`) ON DELETE cascade,
	`nonce` text NOT NULL,
	`code_verifier` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);--> statement-breakpoint
CREATE INDEX `sso_login_attempts_expires_idx` ON `sso_login_attempts` (`expires_at`);
