/**
 * @module The life of an ad-hoc QR payment (issue 18 part 4): pending (card step) → authorized (hold
 * confirmed) → starting (remote start sent) → charging (the StartTransaction with its auth id came) →
 * captured (real price taken) or released (hold given back); failed when it ends before a hold exists
 * or with nothing to give back. Every write moves along this table only.
 */

export const QR_PAYMENT_STATUSES = [
  'pending',
  'authorized',
  'starting',
  'charging',
  'captured',
  'released',
  'failed',
] as const;
export type QrPaymentStatus = (typeof QR_PAYMENT_STATUSES)[number];

const NEXT: Record<QrPaymentStatus, readonly QrPaymentStatus[]> = {
  pending: ['authorized', 'failed', 'released'],
  authorized: ['starting', 'released'],
  starting: ['charging', 'released'],
  charging: ['captured', 'released'],
  captured: [],
  released: [],
  failed: [],
};

export function canMove(from: QrPaymentStatus, to: QrPaymentStatus): boolean {
  return NEXT[from].includes(to);
}

/** Nothing more will happen to the payment. */
export function isFinal(status: QrPaymentStatus): boolean {
  return NEXT[status].length === 0;
}

/** The states in which the payment still holds money or waits for the driver or the charger. */
export const OPEN_STATUSES = QR_PAYMENT_STATUSES.filter((s) => !isFinal(s));

/**
 * Why a payment ended without a capture, as a stable code the driver's page and receipt translate.
 * Never Stripe's or the charger's own wording.
 */
export const FAILURE_REASONS = [
  'CARD_DECLINED',
  'CARD_STEP_ABANDONED',
  'STATION_OFFLINE',
  'CONNECTOR_BUSY',
  'START_REJECTED',
  'START_TIMEOUT',
  'SESSION_REFUSED',
  'NO_DRIVER_PRICE',
  'NOTHING_TO_CAPTURE',
  'PAYMENT_UNAVAILABLE',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
