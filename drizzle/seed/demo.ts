/**
 * @module The demo data set: deterministic, built from the test factories. A company tree whose
 * service settings make every navigation area reachable by some user, one user per back-office
 * role, and stations with connectors in six cities and many states.
 */
import { hashPassword } from '../../domain/identity/password';
import { ROLE, type RoleId } from '../../domain/permissions/roles';
import { SERVICE } from '../../domain/permissions/service-settings';
import type { ConnectorStatus } from '../../domain/stations/statuses';
import type { Db } from '../db';
import { TWO_FACTOR_METHOD } from '../schema';
import { seedDemoCompanyGroups } from './demo-company-groups';
import { seedDemoCustomerGroups } from './demo-customer-groups';
import { seedDemoFleet } from './demo-fleet';
import { seedDemoGroups } from './demo-groups';
import { seedDemoHistory } from './demo-history';
import { seedDemoLimits } from './demo-limits';
import { seedDemoMaintenance } from './demo-maintenance';
import { seedDemoOnboarding } from './demo-onboarding';
import { seedDemoQrPayment } from './demo-qr';
import { seedDemoReimbursement } from './demo-reimbursement';
import { seedDemoRfids } from './demo-rfids';
import { seedDemoSessions } from './demo-sessions';
import { seedDemoSubscriptions } from './demo-subscriptions';
import { seedDemoTariffs } from './demo-tariffs';
import { seedDemoVehicles } from './demo-vehicles';
import { seedDemoWallets } from './demo-wallets';
import { createCompany, createConnector, createStation, createUser, ensureRoles } from './factories';

export const DEMO_PASSWORD = 'Demo-2026!';
/** OCPP basic-auth password of every demo station (username = the station's uid); only its hash is stored. */
export const DEMO_OCPP_PASSWORD = 'Demo-OCPP-2026';

export interface DemoUser {
  email: string;
  role: RoleId;
  company: 'operator' | 'subOperator' | 'fleet' | 'private';
  name: [string, string];
  twoFactor?: 'email' | 'authenticator';
}

/** One user per role of the specification's table (section 6). */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@voltaria.test', role: ROLE.ADMINISTRATIVE_SERVICES, company: 'operator', name: ['Alice', 'Martin'] },
  {
    email: 'superuser@voltaria.test',
    role: ROLE.SUPER_USER,
    company: 'operator',
    name: ['Bruno', 'Lefèvre'],
    twoFactor: 'authenticator',
  },
  {
    email: 'superuser-op@voltaria.test',
    role: ROLE.SUPER_USER_OPERATOR,
    company: 'operator',
    name: ['Chloé', 'Moreau'],
  },
  { email: 'billing@voltaria.test', role: ROLE.PAYMENT_PROVIDER_ADMIN, company: 'operator', name: ['David', 'Girard'] },
  { email: 'network@voltaria.test', role: ROLE.NETWORK_MANAGER, company: 'operator', name: ['Emma', 'Roux'] },
  { email: 'reports@voltaria.test', role: ROLE.REPORT_MANAGER, company: 'operator', name: ['Félix', 'Fournier'] },
  { email: 'engineer@voltaria.test', role: ROLE.ENGINEER, company: 'operator', name: ['Gaëlle', 'Mercier'] },
  { email: 'support@voltaria.test', role: ROLE.SUPPORT_AGENT, company: 'operator', name: ['Hugo', 'Blanc'] },
  {
    email: 'supervision@voltaria.test',
    role: ROLE.SUPERVISION_ASSISTANCE,
    company: 'operator',
    name: ['Inès', 'Guerin'],
  },
  { email: 'maintenance@voltaria.test', role: ROLE.MAINTENANCE_ONLY, company: 'operator', name: ['Jules', 'Faure'] },
  {
    email: 'maint-advanced@voltaria.test',
    role: ROLE.ADVANCED_MAINTENANCE,
    company: 'operator',
    name: ['Karim', 'André'],
  },
  { email: 'maint-basic@voltaria.test', role: ROLE.BASIC_MAINTENANCE, company: 'operator', name: ['Léa', 'Mathieu'] },
  {
    email: 'cpm-view@voltaria-sud.test',
    role: ROLE.CHARGING_POINT_MANAGER_VIEW,
    company: 'subOperator',
    name: ['Marc', 'Bonnet'],
  },
  {
    email: 'cpm-onboard@voltaria-sud.test',
    role: ROLE.CHARGING_POINT_MANAGER_ONBOARD,
    company: 'subOperator',
    name: ['Nina', 'Dupuis'],
  },
  { email: 'fleet-view@fleetwise.test', role: ROLE.FLEET_MANAGER_VIEW, company: 'fleet', name: ['Olivier', 'Lambert'] },
  {
    email: 'fleet-manager@fleetwise.test',
    role: ROLE.FLEET_MANAGER_MANAGE_USERS,
    company: 'fleet',
    name: ['Pauline', 'Fontaine'],
  },
  { email: 'rfid@fleetwise.test', role: ROLE.RFID_MANAGEMENT, company: 'fleet', name: ['Quentin', 'Rousseau'] },
  { email: 'vehicles@fleetwise.test', role: ROLE.VEHICLE_CHARGING_RIGHTS, company: 'fleet', name: ['Rose', 'Vincent'] },
  { email: 'self-charge@prive-recharge.test', role: ROLE.SELF_CHARGE, company: 'private', name: ['Samuel', 'Muller'] },
];

const CITIES = [
  { city: 'Paris', postalCode: '75011', lat: 48.8589, lng: 2.3802, street: 'Boulevard Voltaire' },
  { city: 'Lyon', postalCode: '69003', lat: 45.7606, lng: 4.8572, street: 'Rue de la Part-Dieu' },
  { city: 'Bordeaux', postalCode: '33000', lat: 44.8412, lng: -0.5801, street: 'Quai des Chartrons' },
  { city: 'Lille', postalCode: '59000', lat: 50.6366, lng: 3.0635, street: 'Rue Nationale' },
  { city: 'Marseille', postalCode: '13002', lat: 43.3026, lng: 5.3691, street: 'Boulevard de Dunkerque' },
  { city: 'Nice', postalCode: '06300', lat: 43.6961, lng: 7.2756, street: 'Quai des États-Unis' },
] as const;

/** Repeating pattern of states so every overview bucket has something in it. */
const STATUS_CYCLE: readonly ConnectorStatus[] = [
  'available',
  'charging',
  'available',
  'preparing',
  'suspended_ev',
  'faulted',
  'available',
  'offline',
  'reserved',
  'unavailable',
  'finishing',
  'available',
  'out_of_order',
  'charging',
  'suspended_evse',
  'available',
  'inoperative',
  'to_be_installed',
];

export interface SeedResult {
  companies: Record<DemoUser['company'], number>;
  users: number;
  stations: number;
  connectors: number;
}

export async function seedDemo(db: Db, opts: { iterations?: number } = {}): Promise<SeedResult> {
  await ensureRoles(db);
  const operator = await createCompany(db, {
    name: 'Voltaria Networks',
    businessName: 'Voltaria Networks SAS',
    email: 'contact@voltaria.test',
    street: 'Rue de Rivoli',
    streetNumber: '12',
    zip: '75004',
    city: 'Paris',
    country: 'FR',
    vat: 'FR40123456824',
    cpms: 'public',
    empServices: true,
    acceptsPendingStations: true,
    services: [
      SERVICE.ONBOARD_STATIONS,
      SERVICE.MAINTENANCE,
      SERVICE.OFFLINE_STATIONS,
      SERVICE.PAYMENT_PROVIDER_COMPANY_ONBOARDING,
      SERVICE.PAYMENT_PROVIDER_CUSTOMER_BILLING,
      SERVICE.METABASE_DASHBOARD,
      SERVICE.TICKET_SYSTEM,
      SERVICE.COMPANY_GROUPS,
    ],
  });
  const subOperator = await createCompany(db, {
    name: 'Voltaria Sud',
    parentCompanyId: operator.id,
    city: 'Marseille',
    country: 'FR',
    cpms: 'private',
    isSubcpo: true,
    services: [SERVICE.ONBOARD_STATIONS, SERVICE.MAINTENANCE, SERVICE.TICKET_SYSTEM],
  });
  const fleet = await createCompany(db, {
    name: 'Fleetwise Logistics',
    parentCompanyId: operator.id,
    city: 'Lyon',
    country: 'FR',
    isEvfleet: true,
    mandatoryLicensePlate: true,
    services: [
      SERVICE.MANAGE_USERS,
      SERVICE.USER_LIMITS,
      SERVICE.CORPORATE_CODES,
      SERVICE.HOME_REIMBURSEMENT,
      SERVICE.HIDE_DELETED_FLEET_USERS,
      SERVICE.CAR_TELEMATICS,
      SERVICE.KEY_HANGERS,
      SERVICE.PRIVATE_USER_LIST,
      SERVICE.PRIVATE_USERS_PRIVATE_SESSIONS,
      SERVICE.PRIVATE_EMAIL_ON_ACTIVE_SESSIONS,
    ],
  });
  const privateUsers = await createCompany(db, {
    name: 'Privé Recharge',
    parentCompanyId: operator.id,
    city: 'Bordeaux',
    country: 'FR',
    isLifestyle: true,
    services: [SERVICE.PRIVATE_USER_LIST, SERVICE.PRIVATE_USERS_ALL_SESSIONS],
  });
  const ids = { operator: operator.id, subOperator: subOperator.id, fleet: fleet.id, private: privateUsers.id };

  for (const u of DEMO_USERS) {
    await createUser(
      db,
      {
        companyId: ids[u.company],
        email: u.email,
        password: DEMO_PASSWORD,
        firstName: u.name[0],
        lastName: u.name[1],
        roles: [u.role],
        token2faMethodId: u.twoFactor === 'authenticator' ? TWO_FACTOR_METHOD.AUTHENTICATOR : TWO_FACTOR_METHOD.EMAIL,
      },
      opts,
    );
  }

  // One hash for all demo stations: they share the demo password, and seeding stays fast.
  const ocppPasswordHash = await hashPassword(DEMO_OCPP_PASSWORD, opts.iterations);
  let stationCount = 0;
  let connectorCount = 0;
  for (const [cityIndex, place] of CITIES.entries()) {
    const southern = place.city === 'Marseille' || place.city === 'Nice';
    for (let n = 1; n <= 3; n++) {
      const dc = n === 3;
      const uid = `VLT-${place.city.slice(0, 3).toUpperCase()}-${String(n).padStart(3, '0')}`;
      const station = await createStation(db, {
        uid,
        name: `${place.city} ${place.street.split(' ').slice(-1)[0]} ${n}`,
        companyId: southern ? subOperator.id : operator.id,
        ownerCompanyId: n === 2 && !southern ? fleet.id : null,
        type: n === 2 && !southern ? 'work' : 'public',
        address: place.street,
        streetNumber: String(10 + n * 7),
        postalCode: place.postalCode,
        city: place.city,
        country: 'FR',
        latitude: place.lat + n * 0.0041,
        longitude: place.lng - n * 0.0033,
        powerType: dc ? 'DC' : 'AC_3_PHASE',
        voltage: dc ? 800 : 400,
        amperage: dc ? 200 : 32,
        brand: dc ? 'Alpitronic' : 'Wallbox',
        model: dc ? 'HYC150' : 'Commander 2',
        serialNumber: `SN-${cityIndex}${n}-2026`,
        firmware: dc ? '2.4.1' : '6.1.3',
        visibleInApp: true,
        openToPublic: n !== 2,
        lastHeartbeatAt: new Date(Date.UTC(2026, 10, 20, 8, cityIndex * 5 + n)),
        ocppPasswordHash,
      });
      stationCount++;
      for (let c = 1; c <= 2; c++) {
        const status = STATUS_CYCLE[connectorCount % STATUS_CYCLE.length] ?? 'unknown';
        await createConnector(db, {
          stationId: station.id,
          connectorNumber: c,
          uid: `${uid}-${c}`,
          evseId: `FR*VLT*E${uid.replace(/\W/g, '')}${c}`,
          plugType: dc ? 'CCS2' : 'Type 2',
          plugFormat: dc ? 'CABLE' : 'SOCKET',
          powerType: dc ? 'DC' : 'AC_3_PHASE',
          voltage: dc ? 800 : 400,
          amperage: dc ? 200 : 32,
          maxPowerW: dc ? 150_000 : 22_000,
          status,
          errorCode: status === 'faulted' ? 'GroundFailure' : 'NoError',
          capabilities: dc
            ? ['REMOTE_START_STOP_CAPABLE', 'RFID_READER', 'CREDIT_CARD_PAYABLE', 'CHARGING_PROFILE_CAPABLE']
            : ['REMOTE_START_STOP_CAPABLE', 'RFID_READER', 'UNLOCK_CAPABLE', 'RESERVABLE'],
        });
        connectorCount++;
      }
    }
  }
  await seedDemoRfids(db, ids); // idempotent: cards whose UUID exists are skipped
  // Thirty days of status history, so the availability KPIs start with real figures.
  await seedDemoHistory(db);
  await seedDemoMaintenance(db); // idempotent: skipped once demo tickets exist
  await seedDemoSessions(db);
  await seedDemoCustomerGroups(db, ids.operator); // before pricing: members' sessions get the group tariff
  // After the sessions: the demo tariffs also price the closed sessions that are still unpriced.
  await seedDemoTariffs(db, ids.operator); // idempotent: tariffs whose name exists are kept
  await seedDemoFleet(db, fleet.id); // idempotent: skipped once the fleet's corporate groups exist
  await seedDemoLimits(db, ids.operator, { password: DEMO_PASSWORD, ...opts }); // idempotent: a fleet with limits in EUR
  await seedDemoVehicles(db, fleet.id); // idempotent: catalog rows by name, vehicles for drivers without one
  await seedDemoSubscriptions(db, fleet.id); // idempotent: skipped once the fleet offers contracts
  await seedDemoOnboarding(db, ids, ocppPasswordHash); // idempotent: templates by name, the demo onboarding station by uid
  await seedDemoGroups(db); // idempotent: skipped once any connector group exists
  await seedDemoCompanyGroups(db, fleet.id, ids.operator); // idempotent: skipped once the fleet has company groups
  await seedDemoWallets(db, ids); // idempotent: skipped once the fleet has a wallet (after the priced sessions)
  await seedDemoQrPayment(db, ids.operator, ocppPasswordHash); // idempotent: the QR station by uid, the hold when unset
  // idempotent: skipped once the fleet has reimbursement settings
  await seedDemoReimbursement(db, ids, { password: DEMO_PASSWORD, ...opts, ocppPasswordHash });
  return { companies: ids, users: DEMO_USERS.length, stations: stationCount, connectors: connectorCount };
}
