/**
 * @module Reads of GET /my-transactions: the caller's own wallet only (wallets.user_id = the caller, in the
 * caller's company, not deleted), then its balance, ledger page and top-ups through the wallet stores.
 */
import type { Db } from '@db/db';
import { balanceOf } from '@db/queries/wallet-ledger.store';
import { wallets } from '@db/schema';
import { and, asc, eq, isNull } from 'drizzle-orm';

export { entriesPage } from '../wallet/wallet.ledger.store';
export { listTopUps } from '../wallet-top-ups/wallet-top-ups.store';
export { balanceOf };

/** The caller's own live wallet (the oldest, should there be several); undefined when there is none. */
export function ownWallet(db: Db, userId: number, companyId: number) {
  return db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.companyId, companyId), isNull(wallets.deletedAt)))
    .orderBy(asc(wallets.id))
    .get();
}
