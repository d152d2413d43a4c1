/**
 * @module Demo RFID cards with stable UUIDs, so the OCPP simulator can present them, and the demo
 * drivers' charging permissions and limits, so each authorization outcome can be seen at a charger.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { rfids, users } from '../schema';

type Company = 'operator' | 'subOperator' | 'fleet' | 'private';

interface DemoRfid {
  uuid: string;
  code: string;
  company: Company;
  /** The card holder; null for a card in stock (Invalid at a charger). */
  email: string | null;
  status?: 'active' | 'blocked';
  expiresAt?: Date;
  /** What a public station answers, for the README and the simulator. */
  expected: 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';
}

export const DEMO_RFIDS: readonly DemoRfid[] = [
  {
    uuid: 'DEMO-RFID-0001',
    code: 'FW-0001',
    company: 'fleet',
    email: 'fleet-manager@fleetwise.test',
    expected: 'Accepted',
  },
  { uuid: 'DEMO-RFID-0002', code: 'FW-0002', company: 'fleet', email: 'rfid@fleetwise.test', expected: 'Accepted' },
  { uuid: 'DEMO-RFID-0003', code: 'VLT-0003', company: 'operator', email: 'admin@voltaria.test', expected: 'Accepted' },
  {
    uuid: 'DEMO-RFID-0004',
    code: 'FW-0004',
    company: 'fleet',
    email: 'vehicles@fleetwise.test',
    status: 'blocked',
    expected: 'Blocked',
  },
  {
    uuid: 'DEMO-RFID-0005',
    code: 'FW-0005',
    company: 'fleet',
    email: 'fleet-view@fleetwise.test',
    expiresAt: new Date('2026-01-01T00:00:00Z'),
    expected: 'Expired',
  },
  { uuid: 'DEMO-RFID-0006', code: 'FW-0006', company: 'fleet', email: null, expected: 'Invalid' },
  // An only-private driver: refused at public stations (Blocked).
  {
    uuid: 'DEMO-RFID-0007',
    code: 'PR-0007',
    company: 'private',
    email: 'self-charge@prive-recharge.test',
    expected: 'Blocked',
  },
];

type Permissions = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'canChargePublic'
    | 'canChargeWork'
    | 'canChargeHome'
    | 'onlyPrivate'
    | 'dailyLimit'
    | 'weeklyLimit'
    | 'monthlyLimit'
  >
>;

const PERMISSIONS: Record<string, Permissions> = {
  'fleet-manager@fleetwise.test': { canChargePublic: true, canChargeWork: true, monthlyLimit: 300 },
  'rfid@fleetwise.test': { canChargePublic: true, dailyLimit: 60 },
  'admin@voltaria.test': { canChargePublic: true, canChargeWork: true },
  'vehicles@fleetwise.test': { canChargePublic: true },
  'fleet-view@fleetwise.test': { canChargePublic: true, canChargeWork: true },
  'self-charge@prive-recharge.test': { onlyPrivate: true, canChargeHome: true },
};

/** Idempotent: cards whose UUID already exists are left alone, so a second seed run changes nothing. */
export async function seedDemoRfids(db: Db, companies: Record<Company, number>): Promise<number> {
  const emails = DEMO_RFIDS.flatMap((r) => (r.email ? [r.email] : []));
  const holders = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(holders.map((u) => [u.email, u.id]));
  for (const [email, permissions] of Object.entries(PERMISSIONS)) {
    await db.update(users).set(permissions).where(eq(users.email, email));
  }
  const inserted = await db
    .insert(rfids)
    .values(
      DEMO_RFIDS.map((r) => ({
        companyId: companies[r.company],
        keyHangerCode: r.code,
        uuid: r.uuid,
        userId: r.email ? (idOf.get(r.email) ?? null) : null,
        status: r.status ?? 'active',
        blockedAt: r.status === 'blocked' ? new Date('2026-06-01T09:00:00Z') : null,
        expiresAt: r.expiresAt ?? null,
      })),
    )
    .onConflictDoNothing({ target: rfids.uuid })
    .returning({ id: rfids.id });
  return inserted.length;
}
