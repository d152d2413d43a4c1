/**
 * @module Demo data of station onboarding: the station templates, a station onboarded from a template
 * and waiting for its charge point (to commission; peering and publish failed, no peering configured),
 * an offline station, and a decommissioned station that was hidden from the lists.
 */
import { eq } from 'drizzle-orm';
import { evseIdFor } from '../../domain/onboarding/onboarding';
import type { Db } from '../db';
import { stationOnboardingSteps, stations, stationTemplates } from '../schema';
import { createConnector, createStation } from './factories';
import { ensureStationTemplates, type TemplateConnector } from './station-templates';

interface DemoOnboarded {
  uid: string;
  name: string;
  template: string;
  company: 'operator' | 'subOperator';
  offline: boolean;
  hidden: boolean;
  commissioning: 'to_commission' | 'commissioned' | 'decommissioned';
  place: { address: string; postalCode: string; city: string; lat: number; lng: number };
}

const DEMO: readonly DemoOnboarded[] = [
  {
    uid: 'VLT-TLN-001',
    name: 'Toulon Port 1',
    template: 'Alpitronic HYC150 (2 × CCS2, 150 kW)',
    company: 'operator',
    offline: false,
    hidden: false,
    commissioning: 'to_commission',
    place: { address: 'Quai Cronstadt', postalCode: '83000', city: 'Toulon', lat: 43.1205, lng: 5.9335 },
  },
  {
    uid: 'OFFLINE-DEMOAIX01',
    name: 'Aix Parking Rotonde (offline)',
    template: 'Hager witty share (Type 2 + Schuko, 7.4 kW)',
    company: 'operator',
    offline: true,
    hidden: false,
    commissioning: 'commissioned',
    place: { address: 'Place de la Rotonde', postalCode: '13100', city: 'Aix-en-Provence', lat: 43.5263, lng: 5.4454 },
  },
  {
    uid: 'VLT-PAR-OLD',
    name: 'Paris Bastille (removed)',
    template: 'Wallbox Commander 2 (1 × Type 2, 22 kW)',
    company: 'operator',
    offline: false,
    hidden: true,
    commissioning: 'decommissioned',
    place: { address: 'Place de la Bastille', postalCode: '75011', city: 'Paris', lat: 48.8532, lng: 2.3692 },
  },
];

export async function seedDemoOnboarding(
  db: Db,
  ids: { operator: number; subOperator: number },
  ocppPasswordHash: string,
): Promise<void> {
  await ensureStationTemplates(db);
  for (const d of DEMO) {
    if (await db.select({ id: stations.id }).from(stations).where(eq(stations.uid, d.uid)).get()) continue;
    const template = await db.select().from(stationTemplates).where(eq(stationTemplates.name, d.template)).get();
    if (!template) continue;
    const station = await createStation(db, {
      uid: d.uid,
      name: d.name,
      template: template.name,
      companyId: ids[d.company],
      address: d.place.address,
      postalCode: d.place.postalCode,
      city: d.place.city,
      country: 'FR',
      latitude: d.place.lat,
      longitude: d.place.lng,
      powerType: template.powerType,
      voltage: template.voltage,
      amperage: template.amperage,
      brand: template.brand,
      model: template.model,
      profile: template.profile,
      urlType: d.offline ? null : template.urlType,
      visibleInApp: !d.hidden,
      openToPublic: true,
      offline: d.offline,
      hidden: d.hidden,
      commissioningStatus: d.commissioning,
      ocppPasswordHash: d.offline ? null : ocppPasswordHash,
    });
    for (const p of JSON.parse(template.connectorsJson) as TemplateConnector[]) {
      await createConnector(db, {
        stationId: station.id,
        connectorNumber: p.connectorNumber,
        uid: `${d.uid}-${p.connectorNumber}`,
        evseId: evseIdFor('FR', 'VLT', d.uid, p.connectorNumber),
        plugType: p.plugType,
        plugFormat: p.plugFormat,
        powerType: p.powerType,
        maxPowerW: p.maxPowerW,
        status: d.hidden ? 'removed' : d.offline ? 'unknown' : 'to_be_installed',
        capabilities: p.capabilities,
      });
    }
    const at = new Date(Date.UTC(2026, 10, 18, 9, 30));
    const failed = (step: 'peering' | 'publish') => ({
      stationId: station.id,
      step,
      status: 'failed' as const,
      messageKey: step === 'peering' ? 'peeringFailed' : 'publishFailed',
      attempts: 1,
      updatedAt: at,
    });
    await db
      .insert(stationOnboardingSteps)
      .values([
        { stationId: station.id, step: 'create', status: 'done', attempts: 1, updatedAt: at },
        failed('peering'),
        failed('publish'),
      ])
      .onConflictDoNothing();
  }
}
