// Variables of the ocpp worker's own wrangler.toml, which `wrangler types` (run on both configs) does not merge.
interface Env {
  HEARTBEAT_INTERVAL_SECONDS?: string;
  /** Comma-separated DataTransfer vendorIds the system accepts; unset means every vendor is unknown. */
  OCPP_DATA_TRANSFER_VENDORS?: string;
  /** Frame log retention: entries older than this many days are dropped (default 30). */
  FRAME_LOG_RETENTION_DAYS?: string;
  /** Frame log retention: at most this many entries per station (default 20000). */
  FRAME_LOG_MAX_ROWS?: string;
  /** PEM chain of the certificate authority, issuing CA first (secret; ADR 014). */
  OCPP_CA_CERTIFICATE_CHAIN?: string;
  /** PKCS#8 PEM key of the chain's first certificate: with it the CA is built in (secret; ADR 014 addendum). */
  OCPP_CA_PRIVATE_KEY?: string;
  /** The O of every certificate the built-in CA issues (the operator's name); unset keeps the CSR's. */
  OCPP_CA_ORGANIZATION?: string;
  /** Validity of issued certificates in days (default 365, at most 3650). */
  OCPP_CA_VALIDITY_DAYS?: string;
  /**
   * The key that seals the tokens we present to OCPI partners (secret, the web worker's value): the
   * real-time authorization of a partner's token calls the partner from here (ADR 057 addendum).
   */
  SSO_SECRET_KEY?: string;
}
