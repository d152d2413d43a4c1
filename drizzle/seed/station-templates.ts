/**
 * @module The station templates (spec 7.9 `station-templates`): common charge point models with their
 * connectors, as an operator installs them. Reference data, inserted once by name (idempotent).
 */
import type { ConnectorCapability, PowerType } from '../../domain/stations/statuses';
import type { Db } from '../db';
import { stationTemplates } from '../schema';

export interface TemplateConnector {
  connectorNumber: number;
  plugType: string;
  plugFormat: 'SOCKET' | 'CABLE';
  powerType: PowerType;
  maxPowerW: number;
  capabilities: ConnectorCapability[];
}

interface TemplateSeed {
  name: string;
  brand: string;
  model: string;
  powerType: PowerType;
  voltage: number;
  amperage: number;
  profile: string;
  connectors: TemplateConnector[];
}

const AC: ConnectorCapability[] = ['REMOTE_START_STOP_CAPABLE', 'RFID_READER', 'UNLOCK_CAPABLE', 'RESERVABLE'];
const DC: ConnectorCapability[] = [
  'REMOTE_START_STOP_CAPABLE',
  'RFID_READER',
  'CREDIT_CARD_PAYABLE',
  'CHARGING_PROFILE_CAPABLE',
];

const plug = (
  connectorNumber: number,
  plugType: string,
  plugFormat: 'SOCKET' | 'CABLE',
  powerType: PowerType,
  maxPowerW: number,
): TemplateConnector => ({
  connectorNumber,
  plugType,
  plugFormat,
  powerType,
  maxPowerW,
  capabilities: powerType === 'DC' ? DC : AC,
});

export const STATION_TEMPLATES: readonly TemplateSeed[] = [
  {
    name: 'Wallbox Commander 2 (1 × Type 2, 22 kW)',
    brand: 'Wallbox',
    model: 'Commander 2',
    powerType: 'AC_3_PHASE',
    voltage: 400,
    amperage: 32,
    profile: 'AC wallbox',
    connectors: [plug(1, 'Type 2', 'SOCKET', 'AC_3_PHASE', 22_000)],
  },
  {
    name: 'Schneider EVlink Pro AC (2 × Type 2, 22 kW)',
    brand: 'Schneider Electric',
    model: 'EVlink Pro AC',
    powerType: 'AC_3_PHASE',
    voltage: 400,
    amperage: 32,
    profile: 'AC pillar',
    connectors: [plug(1, 'Type 2', 'SOCKET', 'AC_3_PHASE', 22_000), plug(2, 'Type 2', 'SOCKET', 'AC_3_PHASE', 22_000)],
  },
  {
    name: 'Hager witty share (Type 2 + Schuko, 7.4 kW)',
    brand: 'Hager',
    model: 'witty share',
    powerType: 'AC_1_PHASE',
    voltage: 230,
    amperage: 32,
    profile: 'AC wallbox',
    connectors: [plug(1, 'Type 2', 'SOCKET', 'AC_1_PHASE', 7_400), plug(2, 'Schuko', 'SOCKET', 'AC_1_PHASE', 3_700)],
  },
  {
    name: 'ABB Terra 54 (CCS2 + CHAdeMO + Type 2, 50 kW)',
    brand: 'ABB',
    model: 'Terra 54',
    powerType: 'DC',
    voltage: 500,
    amperage: 125,
    profile: 'DC fast',
    connectors: [
      plug(1, 'CCS2', 'CABLE', 'DC', 50_000),
      plug(2, 'CHAdeMO', 'CABLE', 'DC', 50_000),
      plug(3, 'Type 2', 'CABLE', 'AC_3_PHASE', 43_000),
    ],
  },
  {
    name: 'Alpitronic HYC150 (2 × CCS2, 150 kW)',
    brand: 'Alpitronic',
    model: 'HYC150',
    powerType: 'DC',
    voltage: 800,
    amperage: 200,
    profile: 'DC fast',
    connectors: [plug(1, 'CCS2', 'CABLE', 'DC', 150_000), plug(2, 'CCS2', 'CABLE', 'DC', 150_000)],
  },
  {
    name: 'Alpitronic HYC300 (2 × CCS2, 300 kW)',
    brand: 'Alpitronic',
    model: 'HYC300',
    powerType: 'DC',
    voltage: 1000,
    amperage: 500,
    profile: 'DC high power',
    connectors: [plug(1, 'CCS2', 'CABLE', 'DC', 300_000), plug(2, 'CCS2', 'CABLE', 'DC', 300_000)],
  },
];

/** Inserts the templates whose name is not there yet; returns how many were added. */
export async function ensureStationTemplates(db: Db): Promise<number> {
  const added = await db
    .insert(stationTemplates)
    .values(STATION_TEMPLATES.map(({ connectors, ...t }) => ({ ...t, connectorsJson: JSON.stringify(connectors) })))
    .onConflictDoNothing()
    .returning({ id: stationTemplates.id });
  return added.length;
}
