/** @module The company groups router: every read and write limited to the caller's company tree. */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { writeCompany } from '@api/routes/company-settings/company-settings.store';
import { type GroupNode, placementError, selectionError } from '@domain/company-groups/tree';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as r from './groups.routes';
import * as store from './groups.store';

type Ctx = Context<AppEnv>;

const audit = (c: Ctx, action: string, id: number, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'company_group', entityId: id, detail });

const notFound = (c: Ctx) => apiError(c, 404, 'COMPANY_GROUP_NOT_FOUND', 'companyGroupNotFound');

/** The scope's groups and the one of the path, if it is in the caller's tree. */
async function scoped(c: Ctx, id: number) {
  const all = await store.scopeGroups(c.get('db'), await callerScope(c));
  return { all, group: all.find((g) => g.id === id) };
}

async function one(c: Ctx, row: store.GroupRow, all: readonly store.GroupRow[]) {
  const [shape] = await store.groupShapes(c.get('db'), [row], all);
  return { data: shape as NonNullable<typeof shape> };
}

async function labelsAnswer(c: Ctx) {
  const company = authOf(c).company;
  const [row] = await store.labelsOf(c.get('db'), [company.id]);
  return { data: { company_id: company.id, labels: row?.labels ?? [] } };
}

export const companyGroupCrudRoutes = new OpenAPIHono<AppEnv>()
  .openapi(r.list, async (c) => {
    const q = c.req.valid('query');
    const all = await store.scopeGroups(c.get('db'), await callerScope(c));
    const needle = q.q?.toLocaleLowerCase();
    const matching = all
      .filter(
        (g) =>
          (q.level === undefined || g.level === q.level) &&
          (q.parent_id === undefined || g.parentId === q.parent_id) &&
          (needle === undefined || g.name.toLocaleLowerCase().includes(needle)),
      )
      .sort((a, b) => a.level - b.level || a.name.localeCompare(b.name) || a.id - b.id);
    const rows = matching.slice(q.page * q.items_per_page, (q.page + 1) * q.items_per_page);
    const data = await store.groupShapes(c.get('db'), rows, all);
    return c.json({ data, total: matching.length, page: q.page, items_per_page: q.items_per_page }, 200);
  })
  .openapi(r.recursive, async (c) => {
    const db = c.get('db');
    const [data, labels] = await Promise.all([store.recursiveView(db, await callerScope(c)), labelsAnswer(c)]);
    return c.json({ labels: labels.data.labels, data }, 200);
  })
  .openapi(r.labels, async (c) => c.json(await labelsAnswer(c), 200))
  .openapi(r.putLabels, async (c) => {
    const company = authOf(c).company;
    const [group1Label, group2Label, group3Label, group4Label] = c.req.valid('json').group_labels;
    await writeCompany(
      c.get('db'),
      company.id,
      { group1Label, group2Label, group3Label, group4Label },
      callerAudit(c, {
        action: 'company.group_labels',
        entity: 'company',
        entityId: company.id,
        detail: { labels: [group1Label, group2Label, group3Label, group4Label] },
      }),
    );
    return c.json(await labelsAnswer(c), 200);
  })
  .openapi(r.selection, async (c) => {
    const selection = await store.readSelection(c.get('db'), authOf(c).user.id);
    return c.json({ data: { selection } }, 200);
  })
  .openapi(r.putSelection, async (c) => {
    const { selection } = c.req.valid('json');
    const all = await store.scopeGroups(c.get('db'), await callerScope(c));
    const problem = selectionError(selection, new Map<number, GroupNode>(all.map((g) => [g.id, g])));
    if (problem) return apiError(c, 400, 'COMPANY_GROUP_SELECTION', problem, { field: 'selection' });
    await store.writeSelection(c.get('db'), authOf(c).user.id, selection);
    return c.json({ data: { selection: [...selection] } }, 200);
  })
  .openapi(r.detail, async (c) => {
    const { all, group } = await scoped(c, c.req.valid('param').id);
    if (!group) return notFound(c);
    return c.json(await one(c, group, all), 200);
  })
  .openapi(r.create, async (c) => {
    const body = c.req.valid('json');
    const scope = await callerScope(c);
    const all = await store.scopeGroups(c.get('db'), scope);
    const parent = body.parent_id === null ? null : all.find((g) => g.id === body.parent_id);
    if (parent === undefined) return notFound(c);
    // A sub-group belongs to its parent's company unless one is named.
    const companyId = body.company_id ?? parent?.companyId ?? authOf(c).company.id;
    if (!scope.includes(companyId)) return apiError(c, 404, 'COMPANY_NOT_FOUND', 'notFound');
    const problem = placementError(body.level, companyId, parent);
    if (problem) return apiError(c, 400, 'COMPANY_GROUP_PLACEMENT', problem, { field: 'parent_id' });
    const values = { companyId, level: body.level, parentId: body.parent_id, name: body.name };
    if (store.nameTaken(all, values))
      return apiError(c, 409, 'COMPANY_GROUP_NAME_TAKEN', 'companyGroupNameTaken', { field: 'name' });
    const row = await store.insertGroup(c.get('db'), values, (g) =>
      audit(c, 'company_group.create', g.id, { name: g.name, level: g.level, parentId: g.parentId }),
    );
    return c.json(await one(c, row, [...all, row]), 201);
  })
  .openapi(r.update, async (c) => {
    const { all, group } = await scoped(c, c.req.valid('param').id);
    if (!group) return notFound(c);
    const { name } = c.req.valid('json');
    if (store.nameTaken(all, { ...group, name }, group.id))
      return apiError(c, 409, 'COMPANY_GROUP_NAME_TAKEN', 'companyGroupNameTaken', { field: 'name' });
    const row = await store.renameGroup(
      c.get('db'),
      group,
      name,
      audit(c, 'company_group.rename', group.id, { before: group.name, after: name }),
    );
    return c.json(await one(c, row, all), 200);
  })
  .openapi(r.remove, async (c) => {
    const { all, group } = await scoped(c, c.req.valid('param').id);
    if (!group) return notFound(c);
    const children = all.filter((g) => g.parentId === group.id).length;
    if (children > 0)
      return apiError(c, 409, 'COMPANY_GROUP_HAS_CHILDREN', 'companyGroupHasChildren', { params: { children } });
    const answer = await one(c, group, all);
    await store.deleteGroup(
      c.get('db'),
      group,
      audit(c, 'company_group.delete', group.id, { name: group.name, level: group.level }),
    );
    return c.json(answer, 200);
  });
