/**
 * @module Demo customer groups of the operator Voltaria (which runs e-mobility services): a premium
 * group of the three drivers who charge most on its network, with a price cap and its own provider
 * tariff, and an empty night-owl group. The members' demo sessions carry the group (as if they had
 * started after joining), so the seed's pricing picks the group tariff for them and
 * /customer-group/{id}/sessions/list shows them. Idempotent: skipped once the premium group exists.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import {
  chargingSessions,
  customerGroupCompanies,
  customerGroupMembers,
  customerGroups,
  tariffs,
  users,
} from '../schema';

export const DEMO_PREMIUM_GROUP = 'Voltaria Premium drivers';

export async function seedDemoCustomerGroups(db: Db, operatorId: number): Promise<number> {
  const existing = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.companyId, operatorId), eq(customerGroups.name, DEMO_PREMIUM_GROUP)))
    .get();
  if (existing) return 0;
  const premium = await db
    .insert(customerGroups)
    .values({ companyId: operatorId, name: DEMO_PREMIUM_GROUP, maxPriceExclVat: 2500, hideRoaming: true })
    .returning()
    .get();
  await db
    .insert(customerGroups)
    .values({ companyId: operatorId, name: 'Voltaria Night owls', disablePayment: true, userPrivacy: true });

  // The three drivers with the most sessions on the operator's stations.
  const top = await db
    .select({ userId: chargingSessions.userId, companyId: users.companyId, n: sql<number>`count(*)` })
    .from(chargingSessions)
    .innerJoin(users, eq(users.id, chargingSessions.userId))
    .where(and(eq(chargingSessions.companyId, operatorId), isNotNull(chargingSessions.userId)))
    .groupBy(chargingSessions.userId, users.companyId)
    .orderBy(desc(sql`count(*)`))
    .limit(3);
  const members = top.filter((t): t is typeof t & { userId: number } => t.userId !== null);
  const linked = [
    ...new Set(members.map((m) => m.companyId).filter((c): c is number => c !== null && c !== operatorId)),
  ];
  if (linked.length > 0)
    await db
      .insert(customerGroupCompanies)
      .values(linked.map((companyId) => ({ customerGroupId: premium.id, companyId })));
  if (members.length > 0) {
    await db
      .insert(customerGroupMembers)
      .values(members.map((m) => ({ userId: m.userId, customerGroupId: premium.id })))
      .onConflictDoNothing();
    await db
      .update(chargingSessions)
      .set({ customerGroupId: premium.id })
      .where(
        and(
          eq(chargingSessions.companyId, operatorId),
          inArray(
            chargingSessions.userId,
            members.map((m) => m.userId),
          ),
        ),
      );
  }
  const admin = await db.query.users.findFirst({ where: eq(users.email, 'admin@voltaria.test') });
  // The group's own provider tariff: cheaper energy than the public driver tariff, no start fee.
  await db.insert(tariffs).values({
    companyId: operatorId,
    type: 'emp',
    status: 'approved',
    name: `${DEMO_PREMIUM_GROUP} energy`,
    currency: 'EUR',
    countriesJson: JSON.stringify(['FR']),
    elementsJson: JSON.stringify([
      {
        price_components: [{ type: 'ENERGY', price: 2600, vat_bp: 2000, step_size: 1 }],
        restrictions: { start_time: '22:00', end_time: '06:00' },
      },
      { price_components: [{ type: 'ENERGY', price: 3900, vat_bp: 2000, step_size: 1 }] },
    ]),
    vatIncluded: true,
    validFrom: new Date(Date.UTC(2026, 0, 1)),
    applyFrom: new Date(Date.UTC(2026, 0, 1)),
    customerGroupId: premium.id,
    createdBy: admin?.id ?? null,
    approvedBy: admin?.id ?? null,
    approvedAt: new Date(Date.UTC(2026, 0, 5, 9, 0)),
  });
  return members.length;
}
