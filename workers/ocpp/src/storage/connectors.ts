/** @module The connectors' last reported state and their status history (tables `connectors`, `status_events`). */
import type { SqlHost } from './schema';

/** Status changes per connector, for charging and parking time when no meter values come. */
const MAX_STATUS_EVENTS = 200;

export interface ConnectorState {
  connectorId: number;
  status: string;
  errorCode: string;
  info: string | null;
  vendorId: string | null;
  vendorErrorCode: string | null;
  timestamp: string | null;
  receivedAt: number;
}

type Row = Record<string, SqlStorageValue>;

export class ConnectorTables {
  constructor(private readonly host: SqlHost) {}

  put(c: ConnectorState): void {
    this.host.sql.exec(
      `INSERT OR REPLACE INTO connectors
       (connector_id, status, error_code, info, vendor_id, vendor_error_code, timestamp, received_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      c.connectorId,
      c.status,
      c.errorCode,
      c.info,
      c.vendorId,
      c.vendorErrorCode,
      c.timestamp,
      c.receivedAt,
    );
  }

  /** Forgets every connector's reported state (a boot: the charge point reports them again). */
  clear(): void {
    this.host.sql.exec('DELETE FROM connectors');
  }

  all(): ConnectorState[] {
    return this.host.sql
      .exec<Row>('SELECT * FROM connectors ORDER BY connector_id')
      .toArray()
      .map((r) => ({
        connectorId: Number(r.connector_id),
        status: String(r.status),
        errorCode: String(r.error_code),
        info: (r.info as string | null) ?? null,
        vendorId: (r.vendor_id as string | null) ?? null,
        vendorErrorCode: (r.vendor_error_code as string | null) ?? null,
        timestamp: (r.timestamp as string | null) ?? null,
        receivedAt: Number(r.received_at),
      }));
  }

  addStatusEvent(connectorId: number, status: string, at: number): void {
    this.host.sql.exec(
      'INSERT INTO status_events (connector_id, status, at) VALUES (?, ?, ?)',
      connectorId,
      status,
      at,
    );
    this.host.sql.exec(
      `DELETE FROM status_events WHERE connector_id = ?1 AND id NOT IN
       (SELECT id FROM status_events WHERE connector_id = ?1 ORDER BY id DESC LIMIT ?2)`,
      connectorId,
      MAX_STATUS_EVENTS,
    );
  }

  statusEvents(connectorId: number): { at: number; status: string }[] {
    return this.host.sql
      .exec<{ at: number; status: string }>(
        'SELECT at, status FROM status_events WHERE connector_id = ? ORDER BY at, id',
        connectorId,
      )
      .toArray()
      .map((r) => ({ at: Number(r.at), status: String(r.status) }));
  }
}
