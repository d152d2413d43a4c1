/**
 * @module The decisions of a QR payment, pure (gather → decide → write): whether a connector may be
 * paid for now, what to do with a payment the clock or the session has moved on, how much to capture
 * at stop, and whether the charger's `EP-…` idTag is accepted.
 */
import type { ConnectorStatus } from '../stations/statuses';
import type { FailureReason, QrPaymentStatus } from './status';

/** The driver waits this long for the card step before the payment is abandoned. */
export const CARD_STEP_TIMEOUT_MS = 30 * 60_000;
/** After the remote start, the charger has this long to send its StartTransaction; then the hold is released. */
export const START_TIMEOUT_MS = 2 * 60_000;

/** Connector states a driver can plug in and start at. */
const STARTABLE: readonly ConnectorStatus[] = ['available', 'preparing'];
const BUSY: readonly ConnectorStatus[] = ['charging', 'finishing', 'suspended_ev', 'suspended_evse', 'reserved'];

export const PAY_REFUSALS = [
  'QR_PAYMENT_DISABLED',
  'STATION_OFFLINE',
  'CONNECTOR_BUSY',
  'CONNECTOR_UNAVAILABLE',
  'NO_PRE_AUTHORIZATION',
  'NO_DRIVER_PRICE',
] as const;
export type PayRefusal = (typeof PAY_REFUSALS)[number];

export interface PayFacts {
  qrPaymentEnabled: boolean;
  stationOffline: boolean;
  connectorStatus: ConnectorStatus;
  /** The operator's pre-authorization amount (minor units); null or 0: not set up. */
  preAuthorizationAmount: number | null;
  /** A driver tariff for the ad-hoc payment type applies at this station now. */
  hasDriverPrice: boolean;
}

/** Why the connector cannot be paid for now (first reason wins), or null. */
export function payRefusal(f: PayFacts): PayRefusal | null {
  if (!f.qrPaymentEnabled) return 'QR_PAYMENT_DISABLED';
  if (f.stationOffline || f.connectorStatus === 'offline' || f.connectorStatus === 'unknown') return 'STATION_OFFLINE';
  if (BUSY.includes(f.connectorStatus)) return 'CONNECTOR_BUSY';
  if (!STARTABLE.includes(f.connectorStatus)) return 'CONNECTOR_UNAVAILABLE';
  if (!f.preAuthorizationAmount || f.preAuthorizationAmount <= 0) return 'NO_PRE_AUTHORIZATION';
  if (!f.hasDriverPrice) return 'NO_DRIVER_PRICE';
  return null;
}

/** The closed session's facts capture needs (null: no session linked yet). */
export interface SessionFacts {
  status: 'in_progress' | 'closed';
  refused: boolean;
  pricingStatus: 'unpriced' | 'priced';
  /** The driver price incl. VAT, minor units; null when no driver tariff priced it. */
  driverTotal: number | null;
  currency: string;
}

export type Settlement =
  | { kind: 'wait' }
  | { kind: 'capture'; amount: number }
  | { kind: 'release'; reason: FailureReason | null };

/**
 * At stop, after pricing: capture min(real driver price, hold); a price of 0 releases everything (a
 * cancel, Stripe cannot capture 0); no driver price or a refused start releases with the reason.
 */
export function settlementOf(hold: { amount: number; currency: string }, s: SessionFacts | null): Settlement {
  if (s?.status !== 'closed') return { kind: 'wait' };
  if (s.refused) return { kind: 'release', reason: 'SESSION_REFUSED' };
  if (s.pricingStatus !== 'priced') return { kind: 'wait' };
  if (s.driverTotal === null || s.currency.toUpperCase() !== hold.currency.toUpperCase())
    return { kind: 'release', reason: 'NO_DRIVER_PRICE' };
  const amount = Math.min(Math.max(0, s.driverTotal), hold.amount);
  return amount > 0 ? { kind: 'capture', amount } : { kind: 'release', reason: 'NOTHING_TO_CAPTURE' };
}

export interface PaymentClock {
  status: QrPaymentStatus;
  createdAt: number;
  startRequestedAt: number | null;
  sessionId: number | null;
}

export type DueAction =
  | { kind: 'none' }
  | { kind: 'confirm-card' }
  | { kind: 'abandon' }
  | { kind: 'start' }
  | { kind: 'release'; reason: FailureReason }
  | { kind: 'settle' };

/** What the periodic check (and the driver's page) should do with a payment now. */
export function dueAction(p: PaymentClock, now: number): DueAction {
  switch (p.status) {
    case 'pending':
      return now - p.createdAt > CARD_STEP_TIMEOUT_MS ? { kind: 'abandon' } : { kind: 'confirm-card' };
    case 'authorized':
      return { kind: 'start' };
    case 'starting':
      if (p.sessionId !== null) return { kind: 'settle' };
      return now - (p.startRequestedAt ?? p.createdAt) > START_TIMEOUT_MS
        ? { kind: 'release', reason: 'START_TIMEOUT' }
        : { kind: 'none' };
    case 'charging':
      return { kind: 'settle' };
    default:
      return { kind: 'none' };
  }
}

export interface QrAuthFacts {
  /** The payment whose auth id this is (null: none). */
  payment: { status: QrPaymentStatus; stationId: number; connectorNumber: number; sessionId: number | null } | null;
  stationId: number;
  /** Absent for Authorize. */
  connectorNumber?: number;
}

/**
 * The charger's answer for an `EP-…` idTag: valid only for its payment's station and connector, only
 * while the remote start waits (starting), and only once (a session already linked refuses it).
 */
export function qrAuthorization(f: QrAuthFacts): { status: 'Accepted' | 'Invalid'; reason: string } {
  const p = f.payment;
  if (!p) return { status: 'Invalid', reason: 'Unknown ad-hoc payment auth id.' };
  if (p.stationId !== f.stationId || (f.connectorNumber !== undefined && f.connectorNumber !== p.connectorNumber))
    return { status: 'Invalid', reason: 'This ad-hoc payment is for another connector.' };
  if (p.sessionId !== null || p.status !== 'starting')
    return { status: 'Invalid', reason: 'This ad-hoc payment auth id has been used or is no longer valid.' };
  return { status: 'Accepted', reason: 'Paid by QR: pre-authorized card payment.' };
}
