/**
 * @module Which prepaid wallet pays a session (issue 18, the rule every part uses). Pure: the store
 * gathers the driver's own wallet and their company's wallet, this decides.
 *
 * - A session started by QR or ad hoc (auth id `EP-…`, tariff payment type `qr` or `ad_hoc`) never
 *   touches a wallet: it is paid by card at the charger.
 * - Otherwise the driver's own wallet pays if it exists (not deleted); else the company wallet
 *   (`user_id` null) of the driver's company; else nobody (postpaid, as before wallets).
 * - The wallet's currency must equal the session's; otherwise nothing is debited and the reason is
 *   given (the session's pricing note carries it).
 */

/** A wallet as the rule reads it (deleted wallets are never gathered). */
export interface PayerWallet {
  id: number;
  /** Null: the company's own wallet. */
  userId: number | null;
  currency: string;
}

export interface PayerFacts {
  /** The session's (or the presented card's) auth id. */
  authId: string;
  /** The tariff payment type of the session (`paymentTypeOf`), when known. */
  paymentType?: string | null;
  /** The driver; null for a session of nobody known. */
  userId: number | null;
  /** The driver's own wallet and their company's, as found (null: none). */
  own: PayerWallet | null;
  company: PayerWallet | null;
  /** The session's currency (the pricing tariff's); null when not known yet (then not checked). */
  currency: string | null;
}

export type Payer =
  | { kind: 'wallet'; wallet: PayerWallet }
  | { kind: 'none'; why: 'ad_hoc' | 'no_driver' | 'no_wallet' }
  | { kind: 'currency_mismatch'; wallet: PayerWallet; note: string };

/** Whether a session is an ad-hoc one (QR or card at the charger without an account). */
export function isAdHoc(authId: string, paymentType?: string | null): boolean {
  return authId.trim().toUpperCase().startsWith('EP-') || paymentType === 'qr' || paymentType === 'ad_hoc';
}

export function payerOf(f: PayerFacts): Payer {
  if (isAdHoc(f.authId, f.paymentType)) return { kind: 'none', why: 'ad_hoc' };
  if (f.userId === null) return { kind: 'none', why: 'no_driver' };
  const wallet = f.own && f.own.userId === f.userId ? f.own : f.company && f.company.userId === null ? f.company : null;
  if (!wallet) return { kind: 'none', why: 'no_wallet' };
  if (f.currency !== null && wallet.currency.toUpperCase() !== f.currency.toUpperCase()) {
    return {
      kind: 'currency_mismatch',
      wallet,
      note: `Prepaid wallet ${wallet.id} not debited: it holds ${wallet.currency.toUpperCase()}, the session is priced in ${f.currency.toUpperCase()}.`,
    };
  }
  return { kind: 'wallet', wallet };
}
