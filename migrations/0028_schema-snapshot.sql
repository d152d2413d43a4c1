-- drizzle-kit snapshot only. The columns this snapshot adds over 0022 (rfids.parent_id_tag,
-- charging_sessions.refused_status and ended_without_stop, stations.security_profile) were added by
-- the hand-written migrations 0023, 0026 and 0027; this file records the schema so that
-- `npm run db:generate` diffs against it, and changes nothing.
SELECT 1;
