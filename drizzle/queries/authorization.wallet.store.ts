/**
 * @module The prepaid wallet part of the charger's one-statement decision (issue 18 part 3; ADR 030's
 * statement in drizzle/queries/authorization.store.ts embeds WALLET_SQL as a lazily evaluated column).
 */
import type { WalletRow } from '../../domain/charging-authorization/at-charger';

/**
 * The prepaid wallet that would pay (issue 18, domain/wallets/payer.ts): the driver's own (wallets_user_idx),
 * else their company's (wallets_owner_uq, evaluated only without an own one), with its balance (the
 * newest entry, one row of the (wallet_id, id) index: `balanceOf`) and the energy its sessions in
 * progress have used so far: the driver's own (charging_sessions_user_idx), or for the company wallet
 * those of the company's drivers without an own wallet. A driver without a wallet costs two probes.
 */
export const WALLET_SQL = `
  SELECT json_object('id', w.id, 'user_id', w.user_id, 'currency', w.currency,
    'balance', ifnull((SELECT e.balance_after FROM wallet_entries e WHERE e.wallet_id = w.id ORDER BY e.id DESC LIMIT 1), 0),
    'committed_wh', CASE WHEN w.user_id IS NOT NULL THEN
      (SELECT coalesce(sum(cs.cdr_consumed_energy), 0) FROM charging_sessions cs
        WHERE cs.user_id = w.user_id AND cs.status = 'in_progress')
    ELSE
      (SELECT coalesce(sum(cs.cdr_consumed_energy), 0) FROM users m
        JOIN charging_sessions cs ON cs.user_id = m.id AND cs.status = 'in_progress'
        WHERE m.company_id = w.company_id
          AND NOT EXISTS (SELECT 1 FROM wallets o WHERE o.user_id = m.id AND o.deleted_at IS NULL))
    END)
  FROM wallets w
  WHERE w.id = coalesce(
    (SELECT id FROM wallets WHERE user_id = u.id AND deleted_at IS NULL),
    (SELECT id FROM wallets WHERE company_id = u.company_id AND ifnull(user_id, 0) = 0 AND deleted_at IS NULL))`;

/** The wallet column of DECISION_SQL. */
export interface WalletJson {
  id: number;
  user_id: number | null;
  currency: string;
  balance: number;
  committed_wh: number;
}

/** The decision's wallet facts of the column (none: no wallet pays). */
export function walletOfRow(w: WalletJson | undefined, idTag: string): WalletRow | null {
  if (!w) return null;
  return {
    id: w.id,
    userId: w.user_id,
    currency: w.currency,
    balanceMinor: w.balance,
    committedWh: w.committed_wh,
    authId: idTag.trim(),
  };
}
