/**
 * @module Demo data of the ad-hoc payment by QR (issue 18 part 4): the operator's pre-authorization
 * amount (the hold; there is no screen for it yet) and one private station with QR payment enabled
 * (the station rules allow QR payment on private stations only), so `/pay/FR*VLT*EVLTQR0011` can be
 * paid once its charge point is connected (demo OCPP password).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db';
import { companies, stations } from '../schema';
import { createConnector, createStation } from './factories';

export const DEMO_QR_STATION = 'VLT-QR-001';
/** The operator's hold for a QR payment, minor units (25.00 EUR). */
export const DEMO_PRE_AUTHORIZATION = 2500;

export async function seedDemoQrPayment(db: Db, operatorId: number, ocppPasswordHash: string): Promise<void> {
  await db
    .update(companies)
    .set({ preAuthorizationAmount: DEMO_PRE_AUTHORIZATION })
    .where(and(eq(companies.id, operatorId), isNull(companies.preAuthorizationAmount)));
  if (await db.select({ id: stations.id }).from(stations).where(eq(stations.uid, DEMO_QR_STATION)).get()) return;
  const station = await createStation(db, {
    uid: DEMO_QR_STATION,
    name: 'Paris Résidence Voltaire (QR)',
    companyId: operatorId,
    type: 'private',
    address: 'Boulevard Voltaire',
    streetNumber: '42',
    postalCode: '75011',
    city: 'Paris',
    country: 'FR',
    latitude: 48.8601,
    longitude: 2.3805,
    powerType: 'AC_3_PHASE',
    voltage: 400,
    amperage: 32,
    brand: 'Wallbox',
    model: 'Commander 2',
    visibleInApp: true,
    openToPublic: false,
    qrPaymentEnabled: true,
    ocppPasswordHash,
  });
  await createConnector(db, {
    stationId: station.id,
    connectorNumber: 1,
    uid: `${DEMO_QR_STATION}-1`,
    evseId: `FR*VLT*E${DEMO_QR_STATION.replace(/\W/g, '')}1`,
    plugType: 'Type 2',
    plugFormat: 'SOCKET',
    powerType: 'AC_3_PHASE',
    voltage: 400,
    amperage: 32,
    maxPowerW: 22_000,
    status: 'unknown',
    capabilities: ['REMOTE_START_STOP_CAPABLE', 'RFID_READER'],
  });
}
