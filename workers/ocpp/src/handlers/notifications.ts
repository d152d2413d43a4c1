/**
 * @module The notifications that only report progress (diagnostics, firmware, logs, security
 * events): the latest of each is kept in the object's state for the back office to read.
 */
import type { Handler, HandlerContext } from '../context';
import type { ObjectState } from '../storage/state';
import type { CsrReport } from './sign-certificate';

export type { CsrReport };

/** A Diagnostics/Firmware/SignedFirmware/LogStatusNotification as received (read by `commandProgress`). */
export type ProgressReport = { status: string; requestId?: number; receivedAt: string };
export interface CommandProgress {
  connected: boolean;
  diagnostics: ProgressReport | null;
  firmware: ProgressReport | null;
  log: ProgressReport | null;
  csr: CsrReport | null;
}

type Kept = 'diagnosticsStatus' | 'firmwareStatus' | 'logStatus' | 'lastSecurityEvent';

function keep<K extends Kept>(ctx: HandlerContext, key: K, payload: object): Record<string, never> {
  ctx.store.put(key, { ...payload, receivedAt: ctx.now.toISOString() } as ObjectState[K]);
  return {};
}

export const diagnosticsStatusNotification: Handler<'DiagnosticsStatusNotification'> = (ctx, p) =>
  keep(ctx, 'diagnosticsStatus', p);
export const firmwareStatusNotification: Handler<'FirmwareStatusNotification'> = (ctx, p) =>
  keep(ctx, 'firmwareStatus', p);
export const signedFirmwareStatusNotification: Handler<'SignedFirmwareStatusNotification'> = (ctx, p) =>
  keep(ctx, 'firmwareStatus', p);
export const logStatusNotification: Handler<'LogStatusNotification'> = (ctx, p) => keep(ctx, 'logStatus', p);
export const securityEventNotification: Handler<'SecurityEventNotification'> = (ctx, p) => {
  console.warn(`[ocpp] ${ctx.identity}: security event ${p.type}${p.techInfo ? ` (${p.techInfo})` : ''}`);
  return keep(ctx, 'lastSecurityEvent', p);
};

/** Vendor extensions are opt-in: only vendors listed in OCPP_DATA_TRANSFER_VENDORS are accepted. */
export const dataTransfer: Handler<'DataTransfer'> = (ctx, p) => {
  const vendors = (ctx.env.OCPP_DATA_TRANSFER_VENDORS ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!vendors.includes(p.vendorId)) return { status: 'UnknownVendorId' };
  ctx.store.put('lastDataTransfer', { ...p, receivedAt: ctx.now.toISOString() });
  return { status: 'Accepted' };
};
