/**
 * @module Demo subscription contracts of Fleetwise (service setting 31 switched on): a free starter
 * contract and two paid ones, and a few drivers holding contracts (two active, one lapsed), plus
 * personal data for the private demo user. Idempotent: skipped once the fleet offers contracts.
 */
import { and, eq, like } from 'drizzle-orm';
import { SERVICE } from '../../domain/permissions/service-settings';
import type { Db } from '../db';
import { companyServiceSettings, subscriptionContracts, userSubscriptionContracts, users } from '../schema';

const MONTH = 30 * 24 * 3600 * 1000;

export async function seedDemoSubscriptions(db: Db, fleetCompanyId: number): Promise<void> {
  await db
    .insert(companyServiceSettings)
    .values({ companyId: fleetCompanyId, settingId: SERVICE.IONITY_SUBSCRIPTIONS })
    .onConflictDoNothing();
  const existing = await db
    .select({ id: subscriptionContracts.id })
    .from(subscriptionContracts)
    .where(eq(subscriptionContracts.companyId, fleetCompanyId))
    .get();
  if (existing) return;
  const offered = await db
    .insert(subscriptionContracts)
    .values([
      {
        companyId: fleetCompanyId,
        name: 'Fleet Starter',
        description: 'Reduced roaming fees for new drivers, free for the first year.',
        priceMinor: 0,
        durationMonths: 12,
        active: true,
      },
      {
        companyId: fleetCompanyId,
        name: 'Fleet Plus monthly',
        description: 'Lower kWh price on the partner high-power network.',
        priceMinor: 1199,
        durationMonths: 1,
        active: true,
      },
      {
        companyId: fleetCompanyId,
        name: 'Fleet Plus yearly',
        description: 'Fleet Plus paid once a year.',
        priceMinor: 11900,
        durationMonths: 12,
        active: true,
      },
    ])
    .returning({ id: subscriptionContracts.id });
  const drivers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, fleetCompanyId), like(users.email, '%@fleetwise.test'), eq(users.status, 'active')))
    .orderBy(users.id)
    .limit(3);
  const [starter, monthly, yearly] = offered;
  if (!starter || !monthly || !yearly) return;
  const now = Date.now();
  const rows = [
    {
      contractId: starter.id,
      startsAt: new Date(now - 2 * MONTH),
      expiresAt: new Date(now + 10 * MONTH),
      autorenew: false,
    },
    {
      contractId: yearly.id,
      startsAt: new Date(now - 5 * MONTH),
      expiresAt: new Date(now + 7 * MONTH),
      autorenew: true,
    },
    { contractId: monthly.id, startsAt: new Date(now - 2 * MONTH), expiresAt: new Date(now - MONTH), autorenew: false },
  ];
  const values = drivers.flatMap((d, i) => {
    const r = rows[i];
    return r
      ? [{ userId: d.id, ...r, status: r.expiresAt.getTime() < now ? ('expired' as const) : ('active' as const) }]
      : [];
  });
  if (values.length > 0) await db.insert(userSubscriptionContracts).values(values);
}
