/** Maintenance tickets (spec 7.17 `maintenance/ticket`, part 9): scope, validation, resolution, overview. */
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE } from '../../domain/permissions/service-settings';
import { createCompany, createConnector, createStation } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const COMPANY = { cpms: 'public' as const, services: [SERVICE.TICKET_SYSTEM, SERVICE.MAINTENANCE] };

describe('maintenance tickets', () => {
  let w: World;
  let session: Session;
  let viewer: Session;
  let mine: { id: number };
  let foreign: { id: number };
  const tag = unique('TKT');

  beforeAll(async () => {
    w = await world({ roles: [58], company: COMPANY });
    const outsider = await createCompany(db, { name: unique('Outsider'), ...COMPANY });
    const s1 = await createStation(db, { uid: `${tag}-1`, name: `${tag} 1`, companyId: w.company.id });
    const s2 = await createStation(db, { uid: `${tag}-2`, name: `${tag} 2`, companyId: outsider.id });
    mine = await createConnector(db, { stationId: s1.id, connectorNumber: 1, uid: `${tag}-1-1`, evseId: `E${tag}1` });
    foreign = await createConnector(db, { stationId: s2.id, connectorNumber: 1, uid: `${tag}-2-1` });
    session = await login(w.email, w.password, w.ip);
    const v = await world({ roles: [32], company: COMPANY, user: { companyId: w.company.id } });
    viewer = await login(v.email, v.password, v.ip);
  });

  const file = (json: Record<string, unknown>, who: Session = session) =>
    call('/maintenance/ticket', {
      ...who,
      json: { connector_id: mine.id, title: 'Cable damaged', problem: 'Sheath cut', ...json },
    });

  it('files a ticket on a connector of the tree and lists it, open first', async () => {
    const res = await file({ priority: 'critical', operator: 'Elec Services' });
    expect(res.status).toBe(201);
    const ticket = (await res.json()) as { id: number; priority: string; created_by: string; resolved: boolean };
    expect(ticket).toMatchObject({ priority: 'critical', created_by: w.email, resolved: false });
    const list = (await (await call(`/maintenance/${mine.id}`, session)).json()) as { data: { id: number }[] };
    expect(list.data.map((t) => t.id)).toContain(ticket.id);
  });

  it('records who resolved a ticket and when, and forgets it when reopened', async () => {
    const { id } = (await (await file({ priority: 'high' })).json()) as { id: number };
    const body = { id, title: 'Cable damaged', problem: 'Sheath cut', action: 'Cable replaced', priority: 'high' };
    const resolved = (await (
      await call('/maintenance/ticket', { ...session, method: 'PUT', json: { ...body, resolved: true } })
    ).json()) as {
      resolved_by: string;
      resolved_at: string | null;
      action: string;
    };
    expect(resolved).toMatchObject({ resolved_by: w.email, action: 'Cable replaced' });
    expect(resolved.resolved_at).not.toBeNull();
    const reopened = await call('/maintenance/ticket', {
      ...session,
      method: 'PUT',
      json: { ...body, resolved: false },
    });
    expect(await reopened.json()).toMatchObject({ resolved: false, resolved_by: null, resolved_at: null });
  });

  it('refuses a ticket without title or on an unknown priority', async () => {
    expect((await file({ title: '  ' })).status).toBe(400);
    expect((await file({ priority: 'urgent' })).status).toBe(400);
  });

  it("answers 404 for another company's connector or ticket", async () => {
    await expectError(await file({ connector_id: foreign.id }), 404, {
      code: 'CONNECTOR_NOT_FOUND',
      message: `Connector id: ${foreign.id} not found.`,
    });
    await expectError(await call('/maintenance/ticket/999999', session), 404, {
      code: 'TICKET_NOT_FOUND',
      message: 'Ticket id: 999999 not found.',
    });
  });

  it('counts open tickets by priority on the maintainer overview, most urgent first', async () => {
    await file({ priority: 'low' });
    await file({ priority: 'stuck' });
    const overview = (await (await call('/maintainer/overview', session)).json()) as {
      counts: Record<string, number>;
      open: number;
      data: { priority: string }[];
    };
    expect(overview.counts).toMatchObject({ critical: 1, high: 1, low: 1, stuck: 1 });
    expect(overview.open).toBe(4);
    expect(overview.data.map((t) => t.priority)).toEqual(['stuck', 'critical', 'high', 'low']);
  });

  it('deletes a ticket', async () => {
    const { id } = (await (await file({})).json()) as { id: number };
    expect((await call(`/maintenance/ticket?id=${id}`, { ...session, method: 'DELETE' })).status).toBe(200);
    expect((await call(`/maintenance/ticket/${id}`, session)).status).toBe(404);
  });

  it('refuses tickets to a view-only user (role 32)', async () => {
    expect((await file({}, viewer)).status).toBe(403);
    expect((await call(`/maintenance/${mine.id}`, viewer)).status).toBe(403);
  });
});
