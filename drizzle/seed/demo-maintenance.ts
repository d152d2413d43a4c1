/**
 * @module Demo maintenance data: tickets of every priority on faulted or out-of-order connectors, and
 * a customer-service log of commands a maintainer sent (each with what the charge point answered),
 * so the maintainer overview, the tickets and the customer-service log pages show realistic content.
 * Idempotent: nothing is added when the demo tickets exist.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { connectors, customerServiceLogs, maintenanceTickets, stations, type TicketPriority, users } from '../schema';

const DAY = 86_400_000;

const TICKETS: {
  connector: string;
  title: string;
  problem: string;
  action?: string;
  operator?: string;
  priority: TicketPriority;
  resolved?: boolean;
  daysAgo: number;
}[] = [
  {
    connector: 'VLT-PAR-002-2',
    title: 'Ground failure reported',
    problem: 'The charge point reports GroundFailure on connector 2 since this morning; drivers cannot start.',
    operator: 'Elec Services Île-de-France',
    priority: 'critical',
    daysAgo: 1,
  },
  {
    connector: 'VLT-LYO-003-1',
    title: 'Screen unreadable in sunlight',
    problem: 'Drivers complain the display cannot be read at midday.',
    operator: 'Alpitronic support',
    priority: 'low',
    daysAgo: 9,
  },
  {
    connector: 'VLT-BOR-002-1',
    title: 'Cable holster broken',
    problem: 'The holster is cracked; the cable lies on the ground.',
    action: 'Spare part ordered, delivery in 5 days.',
    operator: 'Wallbox service',
    priority: 'stuck',
    daysAgo: 14,
  },
  {
    connector: 'VLT-LIL-003-2',
    title: 'Intermittent offline',
    problem: 'The station drops its connection several times a day.',
    operator: 'Voltaria field team',
    priority: 'high',
    daysAgo: 3,
  },
  {
    connector: 'VLT-PAR-001-1',
    title: 'Card reader slow',
    problem: 'RFID cards take several seconds to be read.',
    priority: 'new',
    daysAgo: 0,
  },
  {
    connector: 'VLT-LYO-001-2',
    title: 'Connector stuck locked',
    problem: 'A driver could not unplug after the session.',
    action: 'Remote unlock sent; the charge point answered Unlocked. Lock mechanism greased on site.',
    operator: 'Voltaria field team',
    priority: 'medium',
    resolved: true,
    daysAgo: 20,
  },
];

const COMMANDS: { connector: string; action: string; request: object; reply: string | null; daysAgo: number }[] = [
  {
    connector: 'VLT-LYO-001-2',
    action: 'UnlockConnector',
    request: { connectorId: 2 },
    reply: 'Unlocked',
    daysAgo: 20,
  },
  { connector: 'VLT-PAR-002-2', action: 'Reset', request: { type: 'Soft' }, reply: 'Accepted', daysAgo: 1 },
  { connector: 'VLT-PAR-002-2', action: 'Reset', request: { type: 'Hard' }, reply: 'Rejected', daysAgo: 1 },
  {
    connector: 'VLT-LIL-003-2',
    action: 'ChangeAvailability',
    request: { connectorId: 2, type: 'Inoperative' },
    reply: null,
    daysAgo: 3,
  },
  {
    connector: 'VLT-BOR-002-1',
    action: 'ChangeAvailability',
    request: { connectorId: 1, type: 'Inoperative' },
    reply: 'Scheduled',
    daysAgo: 14,
  },
];

export async function seedDemoMaintenance(db: Db): Promise<void> {
  if (await db.select({ id: maintenanceTickets.id }).from(maintenanceTickets).limit(1).get()) return;
  const uids = [...new Set([...TICKETS, ...COMMANDS].map((t) => t.connector))];
  const rows = await db
    .select({
      id: connectors.id,
      uid: connectors.uid,
      evse: connectors.evseId,
      stationId: stations.id,
      companyId: stations.companyId,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(inArray(connectors.uid, uids));
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const maintainer = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'maint-advanced@voltaria.test'))
    .get();
  const basic = await db.select({ id: users.id }).from(users).where(eq(users.email, 'maint-basic@voltaria.test')).get();
  const now = Date.now();
  const tickets = TICKETS.flatMap((t) => {
    const c = byUid.get(t.connector);
    if (!c) return [];
    const at = new Date(now - t.daysAgo * DAY);
    return [
      {
        companyId: c.companyId,
        stationId: c.stationId,
        connectorId: c.id,
        title: t.title,
        problem: t.problem,
        action: t.action ?? null,
        operator: t.operator ?? null,
        priority: t.priority,
        resolved: t.resolved ?? false,
        resolvedByUserId: t.resolved ? (maintainer?.id ?? null) : null,
        resolvedAt: t.resolved ? new Date(at.getTime() + DAY) : null,
        createdByUserId: basic?.id ?? maintainer?.id ?? null,
        createdAt: at,
      },
    ];
  });
  const logs = COMMANDS.flatMap((l) => {
    const c = byUid.get(l.connector);
    if (!c) return [];
    const outcome = l.reply ? { status: 'accepted', reply: { status: l.reply } } : { status: 'offline' };
    const succeeded = l.reply !== null && l.reply !== 'Rejected';
    return [
      {
        companyId: c.companyId,
        stationId: c.stationId,
        connectorId: c.id,
        connectorEvseId: c.evse,
        userId: maintainer?.id ?? null,
        action: l.action,
        detailJson: JSON.stringify({ request: l.request, outcome }),
        result: succeeded ? ('success' as const) : ('failed' as const),
        errorMessage: succeeded ? null : l.reply ? `The charge point answered ${l.reply}` : 'offline',
        createdAt: new Date(now - l.daysAgo * DAY),
      },
    ];
  });
  if (tickets.length) await db.insert(maintenanceTickets).values(tickets);
  if (logs.length) await db.insert(customerServiceLogs).values(logs);
}
