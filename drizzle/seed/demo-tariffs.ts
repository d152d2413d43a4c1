/**
 * @module Demo tariffs of the operator Voltaria: approved CPO, EMSP (time of day: peak and off-peak
 * over midnight), owner and revenue tariffs, a QR (ad-hoc) EMSP tariff, and one pending correction
 * waiting for approval, so every tab of /tariffs/type/{type} shows real rows and closed sessions get
 * prices for each party. Idempotent: an existing tariff of the same name in the company is kept.
 */
import { and, eq } from 'drizzle-orm';
import type { ElementInput, PaymentType, TariffType } from '../../domain/tariffs/model';
import type { Db } from '../db';
import { priceUnpricedSessions } from '../queries/pricing.store';
import { tariffs, users } from '../schema';

interface DemoTariff {
  name: string;
  type: TariffType;
  status: 'pending' | 'approved';
  elements: ElementInput[];
  vatIncluded?: boolean;
  paymentType?: PaymentType;
  maxPriceExclVat?: number;
  graceTimeS?: number;
  freeParkingS?: number;
}

const VAT = 2000; // 20 % (France)
const energy = (price: number, extra: Partial<ElementInput['price_components'][number]> = {}) => ({
  type: 'ENERGY' as const,
  price,
  vat_bp: VAT,
  step_size: 1,
  ...extra,
});

export const DEMO_TARIFFS: readonly DemoTariff[] = [
  {
    name: 'Voltaria public AC/DC',
    type: 'cpo',
    status: 'approved',
    elements: [{ price_components: [energy(2800)] }],
    vatIncluded: false,
  },
  {
    name: 'Voltaria driver peak / off-peak',
    type: 'emp',
    status: 'approved',
    graceTimeS: 120,
    freeParkingS: 1800,
    maxPriceExclVat: 9000,
    elements: [
      { price_components: [{ type: 'FLAT', price: 5000, vat_bp: VAT, step_size: 0 }] },
      // Off-peak, over midnight: 22:00 to 06:00.
      { price_components: [energy(3200)], restrictions: { start_time: '22:00', end_time: '06:00' } },
      { price_components: [energy(4900)] },
      { price_components: [{ type: 'PARKING_TIME', price: 60000, vat_bp: VAT, step_size: 300 }] },
    ],
  },
  {
    name: 'Voltaria ad hoc (QR)',
    type: 'emp',
    status: 'approved',
    paymentType: 'qr',
    elements: [
      { price_components: [energy(5900)] },
      { price_components: [{ type: 'TIME', price: 12000, vat_bp: VAT, step_size: 60 }] },
    ],
  },
  {
    name: 'Site owner share',
    type: 'owner',
    status: 'approved',
    vatIncluded: false,
    elements: [{ price_components: [energy(1500, { vat_bp: null })] }],
  },
  {
    name: 'Owner revenue weekdays',
    type: 'revenue',
    status: 'approved',
    vatIncluded: false,
    elements: [
      {
        price_components: [energy(1800, { vat_bp: null })],
        restrictions: { day_of_week: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] },
      },
      { price_components: [energy(1400, { vat_bp: null })] },
    ],
  },
  {
    name: 'Voltaria public AC/DC 2027',
    type: 'cpo',
    status: 'pending',
    vatIncluded: false,
    elements: [{ price_components: [energy(3000)] }],
  },
];

export async function seedDemoTariffs(db: Db, operatorId: number): Promise<number> {
  const admin = await db.query.users.findFirst({ where: eq(users.email, 'admin@voltaria.test') });
  const approvedAt = new Date(Date.UTC(2026, 0, 5, 9, 0));
  let created = 0;
  for (const t of DEMO_TARIFFS) {
    const existing = await db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(and(eq(tariffs.companyId, operatorId), eq(tariffs.name, t.name)))
      .get();
    if (existing) continue;
    await db.insert(tariffs).values({
      companyId: operatorId,
      type: t.type,
      status: t.status,
      name: t.name,
      currency: 'EUR',
      countriesJson: JSON.stringify(['FR']),
      graceTimeS: t.graceTimeS ?? 0,
      freeParkingS: t.freeParkingS ?? 0,
      elementsJson: JSON.stringify(t.elements),
      maxPriceExclVat: t.maxPriceExclVat ?? null,
      vatIncluded: t.vatIncluded ?? true,
      validFrom: new Date(Date.UTC(2026, 0, 1)),
      applyFrom: t.status === 'pending' ? new Date(Date.UTC(2027, 0, 1)) : new Date(Date.UTC(2026, 0, 1)),
      paymentType: t.paymentType ?? null,
      createdBy: admin?.id ?? null,
      approvedBy: t.status === 'approved' ? (admin?.id ?? null) : null,
      approvedAt: t.status === 'approved' ? approvedAt : null,
    });
    created++;
  }
  // The newest sessions seeded before the tariffs existed get their prices now (a no-op for priced
  // ones). Each is priced on its own, about 60 ms: more would make the first `npm start` slow.
  await priceUnpricedSessions(db, 60);
  return created;
}
