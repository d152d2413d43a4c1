/**
 * @module Demo prepaid wallets (issue 18): Fleetwise Logistics' company wallet (it pays its drivers'
 * sessions, none of whom has a wallet of their own) and the private demo user's wallet, each with a few
 * ledger entries written through the ledger's own append: a paid top-up, the debit of a real priced
 * session of a Fleetwise driver, and a manual adjustment with its reason and author. Idempotent:
 * skipped once the fleet has a wallet.
 */
import { and, desc, eq, gt, isNotNull, isNull, like, notLike } from 'drizzle-orm';
import type { Db } from '../db';
import { appendEntry } from '../queries/wallet-ledger.store';
import { chargingSessions, users, wallets, walletTopUps } from '../schema';

const DAY = 86_400_000;

/** A top-up paid by card (credited as the webhook would): the row, then its one ledger entry. */
async function paidTopUp(db: Db, walletId: number, amount: number, currency: string, by: number | null) {
  const [topUp] = await db
    .insert(walletTopUps)
    .values({ walletId, amount, currency, status: 'paid', createdBy: by, createdAt: new Date(Date.now() - 20 * DAY) })
    .returning();
  if (!topUp) throw new Error('demo top-up insert returned nothing');
  await appendEntry(db, { walletId, kind: 'top_up', amount, reference: `top-up:${topUp.id}`, topUpId: topUp.id });
}

export async function seedDemoWallets(db: Db, ids: { fleet: number; private: number }): Promise<void> {
  const existing = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.companyId, ids.fleet), isNull(wallets.userId)))
    .get();
  if (existing) return;
  const author = await db.select({ id: users.id }).from(users).where(eq(users.email, 'billing@voltaria.test')).get();
  const by = author?.id ?? null;

  const [fleetWallet] = await db
    .insert(wallets)
    .values({ companyId: ids.fleet, name: 'Fleetwise prepaid', currency: 'EUR', createdBy: by })
    .returning();
  if (!fleetWallet) throw new Error('demo wallet insert returned nothing');
  await paidTopUp(db, fleetWallet.id, 50_000, 'EUR', by);
  // The newest priced session of a Fleetwise driver started by card (not QR or ad hoc: those never touch a wallet).
  const session = await db
    .select({ id: chargingSessions.id, total: chargingSessions.empTotal })
    .from(chargingSessions)
    .innerJoin(users, eq(users.id, chargingSessions.userId))
    .where(
      and(
        eq(users.companyId, ids.fleet),
        eq(chargingSessions.status, 'closed'),
        eq(chargingSessions.pricingStatus, 'priced'),
        eq(chargingSessions.currency, 'EUR'),
        gt(chargingSessions.empTotal, 0),
        isNotNull(chargingSessions.authId),
        notLike(chargingSessions.authId, 'EP-%'),
      ),
    )
    .orderBy(desc(chargingSessions.id))
    .get();
  if (session?.total) {
    await appendEntry(db, {
      walletId: fleetWallet.id,
      kind: 'session_debit',
      amount: -session.total,
      reference: `session:${session.id}`,
      sessionId: session.id,
    });
  }
  await appendEntry(db, {
    walletId: fleetWallet.id,
    kind: 'adjustment',
    amount: 1_500,
    reference: 'adjustment:5b0f7c1e-3a52-4d7e-9f3c-1d2e3f405162',
    reason: 'Goodwill credit: connector out of order on arrival at Lyon Part-Dieu',
    authorId: by,
  });

  const driver = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ids.private), like(users.email, 'self-charge@prive-recharge.test')))
    .get();
  if (!driver) return;
  const [own] = await db
    .insert(wallets)
    .values({
      companyId: ids.private,
      userId: driver.id,
      name: 'Samuel Muller',
      currency: 'EUR',
      autoRechargeThreshold: 500,
      autoRechargeAmount: 2_000,
      createdBy: by,
    })
    .returning();
  if (!own) throw new Error('demo wallet insert returned nothing');
  await paidTopUp(db, own.id, 3_000, 'EUR', driver.id);
  await appendEntry(db, {
    walletId: own.id,
    kind: 'adjustment',
    amount: 250,
    reference: 'adjustment:8c4d2e6f-7a19-4b3c-a5d6-e7f8091a2b3c',
    reason: 'Welcome credit of the prepaid offer',
    authorId: by,
  });
}
