import { describe, expect, it } from 'vitest';
import { displayStartMethod, isQrPayment } from '../sessions/display';
import {
  CARD_STEP_TIMEOUT_MS,
  dueAction,
  type PayFacts,
  payRefusal,
  qrAuthorization,
  type SessionFacts,
  START_TIMEOUT_MS,
  settlementOf,
} from './decide';
import { AUTH_ID_BYTES, authIdFrom, isQrAuthId, isToken, TOKEN_BYTES, tokenFrom } from './ids';
import { driverPriceLines } from './prices';
import { canMove, isFinal, OPEN_STATUSES, QR_PAYMENT_STATUSES } from './status';

const open: PayFacts = {
  qrPaymentEnabled: true,
  stationOffline: false,
  connectorStatus: 'available',
  preAuthorizationAmount: 5000,
  hasDriverPrice: true,
};

describe('payRefusal', () => {
  it.each([
    [{}, null],
    [{ connectorStatus: 'preparing' }, null],
    [{ qrPaymentEnabled: false }, 'QR_PAYMENT_DISABLED'],
    [{ qrPaymentEnabled: false, stationOffline: true }, 'QR_PAYMENT_DISABLED'],
    [{ stationOffline: true }, 'STATION_OFFLINE'],
    [{ connectorStatus: 'offline' }, 'STATION_OFFLINE'],
    [{ connectorStatus: 'unknown' }, 'STATION_OFFLINE'],
    [{ connectorStatus: 'charging' }, 'CONNECTOR_BUSY'],
    [{ connectorStatus: 'suspended_ev' }, 'CONNECTOR_BUSY'],
    [{ connectorStatus: 'reserved' }, 'CONNECTOR_BUSY'],
    [{ connectorStatus: 'faulted' }, 'CONNECTOR_UNAVAILABLE'],
    [{ connectorStatus: 'unavailable' }, 'CONNECTOR_UNAVAILABLE'],
    [{ preAuthorizationAmount: null }, 'NO_PRE_AUTHORIZATION'],
    [{ preAuthorizationAmount: 0 }, 'NO_PRE_AUTHORIZATION'],
    [{ hasDriverPrice: false }, 'NO_DRIVER_PRICE'],
  ] as [Partial<PayFacts>, string | null][])('%o → %s', (change, expected) => {
    expect(payRefusal({ ...open, ...change })).toBe(expected);
  });
});

const closed: SessionFacts = {
  status: 'closed',
  refused: false,
  pricingStatus: 'priced',
  driverTotal: 1234,
  currency: 'EUR',
};
const hold = { amount: 5000, currency: 'EUR' };

describe('settlementOf (amount to capture)', () => {
  it.each([
    ['no session', null, { kind: 'wait' }],
    ['in progress', { ...closed, status: 'in_progress' }, { kind: 'wait' }],
    ['closed, not priced yet', { ...closed, pricingStatus: 'unpriced' }, { kind: 'wait' }],
    ['priced below the hold: the real price', closed, { kind: 'capture', amount: 1234 }],
    [
      'priced above the hold: never more than the hold',
      { ...closed, driverTotal: 9999 },
      { kind: 'capture', amount: 5000 },
    ],
    ['exactly the hold', { ...closed, driverTotal: 5000 }, { kind: 'capture', amount: 5000 }],
    ['price 0: released', { ...closed, driverTotal: 0 }, { kind: 'release', reason: 'NOTHING_TO_CAPTURE' }],
    ['no driver price', { ...closed, driverTotal: null }, { kind: 'release', reason: 'NO_DRIVER_PRICE' }],
    ['another currency', { ...closed, currency: 'GBP' }, { kind: 'release', reason: 'NO_DRIVER_PRICE' }],
    ['refused start', { ...closed, refused: true }, { kind: 'release', reason: 'SESSION_REFUSED' }],
  ] as [string, SessionFacts | null, unknown][])('%s', (_, session, expected) => {
    expect(settlementOf(hold, session)).toEqual(expected);
  });
});

describe('dueAction', () => {
  const t0 = 1_800_000_000_000;
  it.each([
    ['pending, fresh: confirm the card step', { status: 'pending' }, t0 + 1000, 'confirm-card'],
    ['pending, abandoned', { status: 'pending' }, t0 + CARD_STEP_TIMEOUT_MS + 1, 'abandon'],
    ['authorized: start', { status: 'authorized' }, t0, 'start'],
    ['starting, within the timeout', { status: 'starting', startRequestedAt: t0 }, t0 + START_TIMEOUT_MS, 'none'],
    ['starting, timed out', { status: 'starting', startRequestedAt: t0 }, t0 + START_TIMEOUT_MS + 1, 'release'],
    ['starting with a session', { status: 'starting', startRequestedAt: t0, sessionId: 4 }, t0 + 10 ** 9, 'settle'],
    ['charging: settle', { status: 'charging', sessionId: 4 }, t0, 'settle'],
    ['captured: nothing', { status: 'captured', sessionId: 4 }, t0, 'none'],
    ['released: nothing', { status: 'released' }, t0 + 10 ** 9, 'none'],
  ] as const)('%s', (_, p, now, expected) => {
    const action = dueAction({ createdAt: t0, startRequestedAt: null, sessionId: null, ...p }, now);
    expect(action.kind).toBe(expected);
    if (action.kind === 'release') expect(action.reason).toBe('START_TIMEOUT');
  });
});

describe('qrAuthorization (one-time auth id)', () => {
  const payment = { status: 'starting' as const, stationId: 7, connectorNumber: 2, sessionId: null };
  it.each([
    ['its connector, while starting', { payment, stationId: 7, connectorNumber: 2 }, 'Accepted'],
    ['Authorize (no connector yet)', { payment, stationId: 7 }, 'Accepted'],
    ['unknown auth id', { payment: null, stationId: 7, connectorNumber: 2 }, 'Invalid'],
    ['another station', { payment, stationId: 8, connectorNumber: 2 }, 'Invalid'],
    ['another connector', { payment, stationId: 7, connectorNumber: 1 }, 'Invalid'],
    ['used once already', { payment: { ...payment, sessionId: 9 }, stationId: 7, connectorNumber: 2 }, 'Invalid'],
    ['hold released', { payment: { ...payment, status: 'released' as const }, stationId: 7 }, 'Invalid'],
    ['not started yet', { payment: { ...payment, status: 'authorized' as const }, stationId: 7 }, 'Invalid'],
  ])('%s → %s', (_, facts, expected) => {
    expect(qrAuthorization(facts).status).toBe(expected);
  });
});

describe('status transitions', () => {
  it('follow pending → authorized → starting → charging → captured | released', () => {
    expect(canMove('pending', 'authorized')).toBe(true);
    expect(canMove('authorized', 'starting')).toBe(true);
    expect(canMove('starting', 'charging')).toBe(true);
    expect(canMove('charging', 'captured')).toBe(true);
    expect(canMove('charging', 'released')).toBe(true);
    expect(canMove('starting', 'released')).toBe(true);
    expect(canMove('pending', 'failed')).toBe(true);
  });
  it('never go back or skip the start', () => {
    expect(canMove('charging', 'starting')).toBe(false);
    expect(canMove('authorized', 'captured')).toBe(false);
    expect(canMove('pending', 'charging')).toBe(false);
    expect(canMove('captured', 'released')).toBe(false);
    for (const s of ['captured', 'released', 'failed'] as const) expect(isFinal(s)).toBe(true);
    expect(OPEN_STATUSES).toEqual(QR_PAYMENT_STATUSES.filter((s) => !isFinal(s)));
  });
});

describe('token and auth id formats', () => {
  const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);
  it('token: 32 base64url characters from 24 bytes', () => {
    const t = tokenFrom(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
    expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(isToken(t)).toBe(true);
    expect(tokenFrom(bytes(TOKEN_BYTES, 255))).toBe('_'.repeat(32));
    expect(() => tokenFrom(bytes(8, 1))).toThrow();
    expect(isToken('short')).toBe(false);
  });
  it('auth id: EP- and 16 of [A-Z0-9], within the 20 characters of an OCPP idTag', () => {
    const id = authIdFrom(crypto.getRandomValues(new Uint8Array(AUTH_ID_BYTES)));
    expect(id).toMatch(/^EP-[A-Z0-9]{16}$/);
    expect(id.length).toBeLessThanOrEqual(20);
    expect(authIdFrom(bytes(AUTH_ID_BYTES, 0))).toBe(`EP-${'A'.repeat(16)}`);
    expect(isQrAuthId(id)).toBe(true);
    expect(isQrAuthId('EP-40007')).toBe(false);
    expect(() => authIdFrom(bytes(3, 1))).toThrow();
  });
});

describe('driverPriceLines', () => {
  it('each component once, VAT included, restricted ones flagged, energy first', () => {
    const lines = driverPriceLines({
      elements: [
        { priceComponents: [{ type: 'FLAT', price: 5000, vatBp: 2000, stepSize: 1 }] },
        {
          priceComponents: [{ type: 'ENERGY', price: 2500, vatBp: 2000, stepSize: 1 }],
          restrictions: { startTime: '08:00', endTime: '20:00' },
        },
        { priceComponents: [{ type: 'ENERGY', price: 2000, vatBp: 2000, stepSize: 1 }] },
        { priceComponents: [{ type: 'ENERGY', price: 2000, vatBp: 2000, stepSize: 1 }] },
        { priceComponents: [{ type: 'PARKING_TIME', price: 1000, vatBp: null, stepSize: 60 }] },
      ],
    });
    expect(lines).toEqual([
      { type: 'ENERGY', price_incl_vat: 2400, restricted: false },
      { type: 'ENERGY', price_incl_vat: 3000, restricted: true },
      { type: 'FLAT', price_incl_vat: 6000, restricted: false },
      { type: 'PARKING_TIME', price_incl_vat: 1000, restricted: false },
    ]);
  });
});

describe('a QR-paid session as the sessions screens show it (spec 9)', () => {
  it('start method POS for its EP- auth id, provider prices only for its QR start method', () => {
    const authId = authIdFrom(new Uint8Array(AUTH_ID_BYTES).fill(7));
    expect(displayStartMethod(authId, 'QR')).toBe('POS');
    expect(isQrPayment('QR')).toBe(true);
  });
});
