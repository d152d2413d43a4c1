-- The OCPI sessions pull (GET /ocpi/2.2.1/sessions) reads one peering's sessions by last update: an
-- index on the peering, partial so the sessions of no peering (nearly all) cost nothing.
CREATE INDEX `charging_sessions_ocpi_peering_idx` ON `charging_sessions` (`ocpi_peering_id`, `updated_at`, `id`) WHERE `ocpi_peering_id` IS NOT NULL;
