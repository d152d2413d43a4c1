/**
 * Bulk group changes resolved once into a job and applied chunk by chunk (ADR 031 addendum): fixed
 * ids, idempotent chunks, the caller's scope only, the 50,000 cap.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createConnector, createStation } from '../../drizzle/seed/factories';
import { connectorsOf, manyConnectors, memberIds, overTheCap } from './group-fixtures';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, world } from './helpers';

failOnConsoleError();

const connectorIdsOf = async (...stationIds: number[]) =>
  (await connectorsOf(...stationIds)).map((r) => r.id).sort((x, y) => x - y);

interface Job {
  job_id: number;
  group_id: number;
  action: 'add' | 'remove';
  total: number;
  chunk_size: number;
  chunks: number;
}
interface Chunk {
  job_id: number;
  index: number;
  requested: number;
  added: number;
  already_members: number;
  removed: number;
  not_members: number;
  skipped: number;
  connector_count: number;
}

describe('bulk group change as a job of fixed ids, applied in chunks', () => {
  const tag = unique('BULKJ');
  const city = `${tag}-city`;
  // Sessions: an editor, a colleague of the same company, another company's editor, a view-only user.
  let [admin, colleague, outsider, viewer] = [] as unknown as [Session, Session, Session, Session];
  // My two stations in the city, another company's station there, the group, both companies.
  let [mineA, mineB, theirs, groupId, myCompany, otherCompany] = [0, 0, 0, 0, 0, 0];

  beforeAll(async () => {
    const a = await world({ roles: [37], company: { cpms: 'public' } });
    const a2 = await world({ roles: [37], company: { cpms: 'public' } });
    const o = await world({ roles: [37], company: { cpms: 'public' } });
    const v = await world({ roles: [32], company: { cpms: 'public' } });
    const { users } = await import('../../drizzle/schema');
    const { inArray } = await import('drizzle-orm');
    await db
      .update(users)
      .set({ companyId: a.company.id })
      .where(inArray(users.id, [v.user.id, a2.user.id]));
    const sA = await createStation(db, { uid: `${tag}-A`, name: `${tag} A`, companyId: a.company.id, city });
    const sB = await createStation(db, { uid: `${tag}-B`, name: `${tag} B`, companyId: a.company.id, city });
    const sX = await createStation(db, { uid: `${tag}-X`, name: `${tag} X`, companyId: o.company.id, city });
    await manyConnectors(sA.id, `${tag}-A`, 2400);
    await manyConnectors(sB.id, `${tag}-B`, 3);
    await manyConnectors(sX.id, `${tag}-X`, 7);
    [mineA, mineB, theirs] = [sA.id, sB.id, sX.id];
    myCompany = a.company.id;
    otherCompany = o.company.id;
    [admin, colleague, outsider, viewer] = await Promise.all([
      login(a.email, a.password, a.ip),
      login(a2.email, a2.password, a2.ip),
      login(o.email, o.password, o.ip),
      login(v.email, v.password, v.ip),
    ]);
    const created = await call('/tags', { ...admin, json: { name: `${tag} group` } });
    expect(created.status).toBe(201);
    groupId = ((await created.json()) as { id: number }).id;
  });

  const start = (who: Session, id: number, json: unknown) => call(`/groups/${id}/bulk/jobs`, { ...who, json });
  const chunk = (who: Session, id: number, job: number, index: number) =>
    call(`/groups/${id}/bulk/jobs/${job}/chunks/${index}`, { ...who, method: 'POST' });
  const runChunk = async (who: Session, job: number, index: number) => {
    const res = await chunk(who, groupId, job, index);
    expect(res.status).toBe(200);
    return (await res.json()) as Chunk;
  };

  it('resolves the filter once: chunks add exactly the ids matched at the start, in my scope only', async () => {
    const res = await start(admin, groupId, { action: 'add', filter: { city: [city] } });
    expect(res.status).toBe(201);
    const job = (await res.json()) as Job;
    expect(job).toMatchObject({ group_id: groupId, action: 'add', total: 2403, chunk_size: 1000, chunks: 3 });
    // Nothing changes before a chunk runs.
    expect(await memberIds(admin, groupId)).toEqual([]);
    // A connector that starts matching after the job was resolved is not part of it.
    const late = await createConnector(db, { stationId: mineB, connectorNumber: 99, uid: `${tag}-B-99` });
    const results = [];
    for (let i = 0; i < job.chunks; i++) results.push(await runChunk(admin, job.job_id, i));
    expect(results.map((r) => r.requested)).toEqual([1000, 1000, 403]);
    expect(results.map((r) => r.added)).toEqual([1000, 1000, 403]);
    expect(results.at(-1)?.connector_count).toBe(2403);
    const expected = (await connectorIdsOf(mineA, mineB)).filter((id) => id !== late.id);
    expect(await memberIds(admin, groupId)).toEqual(expected);
    const foreign = new Set(await connectorIdsOf(theirs));
    expect(expected.some((id) => foreign.has(id))).toBe(false);
  });

  it('is idempotent: a chunk run again changes nothing and counts the members already there', async () => {
    const job = (await (await start(admin, groupId, { action: 'add', filter: { city: [city] } })).json()) as Job;
    const again = await runChunk(admin, job.job_id, 1);
    expect(again).toMatchObject({ requested: 1000, added: 0, already_members: 1000, skipped: 0 });
    const twice = await runChunk(admin, job.job_id, 1);
    expect(twice).toMatchObject({ added: 0, already_members: 1000, connector_count: 2403 });
    // Past the last chunk: nothing to do.
    expect(await runChunk(admin, job.job_id, 3)).toMatchObject({ requested: 0, added: 0 });
  });

  it('removes chunk by chunk; stopping after one chunk leaves the rest untouched', async () => {
    const job = (await (
      await start(admin, groupId, { action: 'remove', filter: { city: [city], tag_id: groupId } })
    ).json()) as Job;
    expect(job).toMatchObject({ action: 'remove', total: 2403, chunks: 3 });
    const first = await runChunk(admin, job.job_id, 0);
    expect(first).toMatchObject({ requested: 1000, removed: 1000, not_members: 0, connector_count: 1403 });
    expect(await memberIds(admin, groupId)).toHaveLength(1403);
    // Run again (a retry after a lost answer): nothing more is removed.
    expect(await runChunk(admin, job.job_id, 0)).toMatchObject({ removed: 0, not_members: 1000 });
  });

  it('skips connectors that left my scope after the job was resolved', async () => {
    const { stations } = await import('../../drizzle/schema');
    const { eq } = await import('drizzle-orm');
    const ids = await connectorIdsOf(mineB);
    const job = (await (await start(admin, groupId, { action: 'add', connector_ids: ids })).json()) as Job;
    expect(job.total).toBe(4);
    await db.update(stations).set({ companyId: otherCompany }).where(eq(stations.id, mineB));
    try {
      const res = await runChunk(admin, job.job_id, 0);
      expect(res).toMatchObject({ requested: 4, skipped: 4, added: 0 });
    } finally {
      await db.update(stations).set({ companyId: myCompany }).where(eq(stations.id, mineB));
    }
  });

  it("runs only the author's own job of a group in scope", async () => {
    const job = (await (await start(admin, groupId, { action: 'add', filter: { city: [city] } })).json()) as Job;
    // Another company: the group is not in its scope.
    expect((await chunk(outsider, groupId, job.job_id, 0)).status).toBe(404);
    // A colleague of the same company: the group is visible, the job is not theirs.
    await expectError(await chunk(colleague, groupId, job.job_id, 0), 404, {
      code: 'BULK_JOB_NOT_FOUND',
      message: `This bulk change (job ${job.job_id}) is not found or has expired: start it again from the list.`,
    });
    // The job of one group cannot be run against another group.
    const other = await call('/tags', { ...admin, json: { name: `${tag} other` } });
    const otherId = ((await other.json()) as { id: number }).id;
    expect((await chunk(admin, otherId, job.job_id, 0)).status).toBe(404);
    expect(await memberIds(admin, otherId)).toEqual([]);
    // The other company resolves the same filter to its own connectors only.
    const theirGroup = await call('/tags', { ...outsider, json: { name: `${tag} theirs` } });
    const theirId = ((await theirGroup.json()) as { id: number }).id;
    const theirJob = (await (
      await start(outsider, theirId, { action: 'add', filter: { city: [city] } })
    ).json()) as Job;
    expect(theirJob).toMatchObject({ total: 7, chunks: 1 });
    expect((await (await chunk(outsider, theirId, theirJob.job_id, 0)).json()) as Chunk).toMatchObject({ added: 7 });
    expect(await memberIds(outsider, theirId)).toEqual(await connectorIdsOf(theirs));
  });

  it('validates, needs the edit permission, and refuses selected ids of another company', async () => {
    expect((await start(admin, groupId, { action: 'add' })).status).toBe(400);
    expect((await start(admin, groupId, { action: 'add', filter: { status: ['nonsense'] } })).status).toBe(400);
    expect((await start(viewer, groupId, { action: 'add', filter: { city: [city] } })).status).toBe(403);
    const job = (await (await start(admin, groupId, { action: 'add', filter: { city: [city] } })).json()) as Job;
    expect((await chunk(viewer, groupId, job.job_id, 0)).status).toBe(403);
    expect(
      (await call(`/groups/${groupId}/bulk/jobs/${job.job_id}/chunks/-1`, { ...admin, method: 'POST' })).status,
    ).toBe(400);
    const [foreign] = await connectorIdsOf(theirs);
    const res = await start(admin, groupId, { action: 'add', connector_ids: [foreign] });
    await expectError(res, 404, { code: 'CONNECTOR_NOT_FOUND', message: `Connector id: ${foreign} not found.` });
  });

  it('refuses more than 50,000 matching connectors before any job exists', async () => {
    const bigCity = await overTheCap(tag, myCompany);
    const { connectorGroupBulkJobs } = await import('../../drizzle/schema');
    const { eq } = await import('drizzle-orm');
    const jobsBefore = await db
      .select()
      .from(connectorGroupBulkJobs)
      .where(eq(connectorGroupBulkJobs.groupId, groupId));
    const res = await start(admin, groupId, { action: 'add', filter: { city: [bigCity] } });
    await expectError(res, 422, {
      code: 'BULK_TOO_MANY',
      message:
        '50001 connectors match this filter, more than the 50000 one change may cover: narrow the filter and try again.',
    });
    const jobsAfter = await db.select().from(connectorGroupBulkJobs).where(eq(connectorGroupBulkJobs.groupId, groupId));
    expect(jobsAfter).toHaveLength(jobsBefore.length);
  });
});
