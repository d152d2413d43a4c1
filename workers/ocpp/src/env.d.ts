// Variables of the ocpp worker's own wrangler.toml, which `wrangler types` (run on both configs) does not merge.
interface Env {
  HEARTBEAT_INTERVAL_SECONDS?: string;
  /** Comma-separated DataTransfer vendorIds the system accepts; unset means every vendor is unknown. */
  OCPP_DATA_TRANSFER_VENDORS?: string;
  /** Frame log retention: entries older than this many days are dropped (default 30). */
  FRAME_LOG_RETENTION_DAYS?: string;
  /** Frame log retention: at most this many entries per station (default 20000). */
  FRAME_LOG_MAX_ROWS?: string;
}
