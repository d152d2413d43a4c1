/**
 * @module Factories that insert realistic rows through drizzle. The demo seed and the tests both
 * build their data with these, so what a test proves holds for the seeded product too.
 */
import { hashPassword } from '../../domain/identity/password';
import { ROLE_IDS, ROLE_KEYS } from '../../domain/permissions/roles';
import type { ConnectorCapability, ConnectorStatus } from '../../domain/stations/statuses';
import type { Db } from '../db';
import { companies, companyServiceSettings, connectors, roles, stations, userRoles, users } from '../schema';

type CompanyInput = Partial<typeof companies.$inferInsert> & { name: string; services?: number[] };
type UserInput = Partial<typeof users.$inferInsert> & {
  companyId: number;
  email: string;
  password?: string;
  roles?: number[];
};
type StationInput = Partial<typeof stations.$inferInsert> & { uid: string; companyId: number };
type ConnectorInput = Partial<typeof connectors.$inferInsert> & {
  stationId: number;
  connectorNumber: number;
  capabilities?: ConnectorCapability[];
  status?: ConnectorStatus;
};

/** Roles are reference data: every spec role id, inserted once. */
export async function ensureRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_IDS.map((id) => ({ id, key: ROLE_KEYS[id] })))
    .onConflictDoNothing();
}

export async function createCompany(db: Db, input: CompanyInput) {
  const { services = [], ...values } = input;
  const [row] = await db
    .insert(companies)
    .values({ country: 'FR', ...values })
    .returning();
  if (!row) throw new Error('company insert returned nothing');
  if (services.length > 0) {
    await db.insert(companyServiceSettings).values(services.map((settingId) => ({ companyId: row.id, settingId })));
  }
  return row;
}

/** Hash work is the slow part of seeding; the iteration count can be lowered for tests only. */
export async function createUser(db: Db, input: UserInput, opts: { iterations?: number } = {}) {
  const { password, roles: roleIds = [], ...values } = input;
  const passwordHash = password ? await hashPassword(password, opts.iterations) : null;
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase(), passwordHash, selectedCompanyId: values.companyId })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  if (roleIds.length > 0) {
    await ensureRoles(db);
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row.id, roleId })));
  }
  return row;
}

export async function createStation(db: Db, input: StationInput) {
  const [row] = await db
    .insert(stations)
    .values({ name: input.uid, ...input })
    .returning();
  if (!row) throw new Error('station insert returned nothing');
  return row;
}

export async function createConnector(db: Db, input: ConnectorInput) {
  const { capabilities = ['REMOTE_START_STOP_CAPABLE', 'RFID_READER', 'UNLOCK_CAPABLE'], ...values } = input;
  const [row] = await db
    .insert(connectors)
    .values({
      uid: `${values.stationId}-${values.connectorNumber}`,
      capabilitiesJson: JSON.stringify(capabilities),
      statusChangedAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error('connector insert returned nothing');
  return row;
}
