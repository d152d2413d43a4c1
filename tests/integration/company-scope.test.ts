/**
 * Company-scope predicates inside D1: a tree far larger than D1's 100 bound parameters per statement
 * still selects exactly the stations it operates or owns (the ids travel as one JSON value).
 */
import { describe, expect, it } from 'vitest';
import { companyScopeIds, inCompanies } from '../../drizzle/queries/companies.store';
import { stationInScope } from '../../drizzle/queries/stations.store';
import { stations } from '../../drizzle/schema';
import { createCompany, createStation } from '../../drizzle/seed/factories';
import { db, unique } from './helpers';

describe('company scope predicates', () => {
  it('select the stations of a 120-company tree, operated or owned, and nothing outside it', async () => {
    const tag = unique('TREE');
    const root = await createCompany(db, { name: `Root ${tag}` });
    const children = [];
    for (let i = 0; i < 119; i++)
      children.push(await createCompany(db, { name: `Child ${tag} ${i}`, parentCompanyId: root.id }));
    const outsider = await createCompany(db, { name: `Outsider ${tag}` });
    const last = children.at(-1);
    if (!last) throw new Error('no children');
    const operated = await createStation(db, { uid: `${tag}-OP`, name: 'Operated', companyId: last.id });
    const owned = await createStation(db, {
      uid: `${tag}-OWN`,
      name: 'Owned',
      companyId: outsider.id,
      ownerCompanyId: last.id,
    });
    await createStation(db, { uid: `${tag}-OUT`, name: 'Outside', companyId: outsider.id });

    const scope = await companyScopeIds(db, root.id);
    expect(scope).toHaveLength(120);
    const found = await db.select({ id: stations.id }).from(stations).where(stationInScope(scope));
    expect(found.map((s) => s.id).sort((a, b) => a - b)).toEqual([operated.id, owned.id].sort((a, b) => a - b));
    const operatedOnly = await db
      .select({ id: stations.id })
      .from(stations)
      .where(inCompanies(stations.companyId, scope));
    expect(operatedOnly.map((s) => s.id)).toEqual([operated.id]);
  });
});
