// Variables of the ocpp worker's own wrangler.toml, which `wrangler types` (run on both configs) does not merge.
interface Env {
  HEARTBEAT_INTERVAL_SECONDS?: string;
  /** Comma-separated DataTransfer vendorIds the system accepts; unset means every vendor is unknown. */
  OCPP_DATA_TRANSFER_VENDORS?: string;
}
