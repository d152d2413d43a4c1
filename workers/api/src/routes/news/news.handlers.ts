/**
 * @module The news API (issue 20 part 8, spec /fleet/news and call `news`): company admins publish
 * short plain-text news; every logged-in user reads the news of their own company meant for them
 * (domain/news). Scope: a user reads only their own company's news, never a parent's; an operator
 * reaches a sub-company's users by selecting that company and publishing there. Management covers
 * the selected company and its descendants; every change is audited.
 */
import { audiencesOf, datesProblem } from '@domain/news/news';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { callerAudit } from '../../lib/caller-audit';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { authOf } from '../../middleware/permission';
import { create, feed, manageList, markRead, remove, update } from './news.routes';
import { type NewsBody, toFeedItem, toManaged } from './news.schemas';
import {
  changeNews,
  feedItem,
  feedPage,
  insertNews,
  listManaged,
  markRead as markReadIn,
  type Reader,
  scopedManaged,
} from './news.store';

type Ctx = Context<AppEnv>;
type Body = typeof NewsBody._output;

const notFound = (c: Ctx) => apiError(c, 404, 'NEWS_NOT_FOUND', 'newsNotFound');

/** The caller as a reader: their own company (not the selected one) and their audiences. */
export function readerOf(c: Ctx): Reader {
  const { user, access } = authOf(c);
  return { userId: user.id, companyId: user.companyId, audiences: audiencesOf(access.roles) };
}

/** The columns a valid body sets, or the 400 of dates in the wrong order. */
function columnsOf(c: Ctx, body: Body, publishedAt: Date) {
  const published = body.published_at ? new Date(body.published_at) : publishedAt;
  const expires = body.expires_at ? new Date(body.expires_at) : null;
  const problem = datesProblem(published, expires);
  if (problem) return { error: apiError(c, 400, 'VALIDATION_FAILED', problem, { field: 'expires_at' }) } as const;
  const set = {
    title: body.title,
    body: body.body,
    audience: body.audience,
    publishedAt: published,
    expiresAt: expires,
  };
  return { set } as const;
}

/** The item as management shows it, read back after a change. */
async function answerManaged(c: Ctx, id: number) {
  const row = await scopedManaged(c.get('db'), authOf(c).scope, id);
  if (!row) throw new Error(`news ${id} vanished after a change`);
  return toManaged(row);
}

const reads = new OpenAPIHono<AppEnv>()
  .openapi(feed, async (c) => {
    const { page, items_per_page } = c.req.valid('query');
    const { rows, total, unread } = await feedPage(c.get('db'), readerOf(c), page, items_per_page);
    return c.json({ data: rows.map((r) => toFeedItem(r.news, r.read)), total, page, items_per_page, unread }, 200);
  })
  .openapi(manageList, async (c) => {
    const { page, items_per_page, q } = c.req.valid('query');
    const { rows, total } = await listManaged(c.get('db'), authOf(c).scope, q, page, items_per_page);
    const now = new Date();
    return c.json({ data: rows.map((r) => toManaged(r, now)), total, page, items_per_page }, 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const columns = columnsOf(c, body, new Date());
      if (columns.error) return columns.error;
      const auth = authOf(c);
      const id = await insertNews(
        c.get('db'),
        { ...columns.set, companyId: auth.company.id, createdBy: auth.user.id },
        callerAudit(c, { action: 'news.created', entity: 'news', detail: { ...body } }),
      );
      return c.json(await answerManaged(c, id), 201);
    },
    keyedValidation,
  )
  .openapi(markRead, async (c) => {
    const { id } = c.req.valid('param');
    const reader = readerOf(c);
    const item = await feedItem(c.get('db'), reader, id);
    if (!item) return notFound(c);
    await markReadIn(c.get('db'), id, reader.userId);
    return c.json(toFeedItem(item, true), 200);
  })
  .openapi(
    update,
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const scope = authOf(c).scope;
      const found = await scopedManaged(c.get('db'), scope, id);
      if (!found) return notFound(c);
      const columns = columnsOf(c, body, found.news.publishedAt);
      if (columns.error) return columns.error;
      const before = toManaged(found);
      const changed = await changeNews(
        c.get('db'),
        scope,
        id,
        columns.set,
        callerAudit(c, {
          action: 'news.updated',
          entity: 'news',
          entityId: id,
          detail: { before: { title: before.title, audience: before.audience }, changes: body },
        }),
      );
      if (!changed) return notFound(c);
      return c.json(await answerManaged(c, id), 200);
    },
    keyedValidation,
  )
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    const scope = authOf(c).scope;
    const found = await scopedManaged(c.get('db'), scope, id);
    if (!found) return notFound(c);
    const deleted = await changeNews(
      c.get('db'),
      scope,
      id,
      { deletedAt: new Date() },
      callerAudit(c, { action: 'news.deleted', entity: 'news', entityId: id, detail: { title: found.news.title } }),
    );
    if (!deleted) return notFound(c);
    return c.json(toManaged(found), 200);
  });

// /news/manage (a read) goes before the writes' /news/{id}.
export const newsRoutes = new OpenAPIHono<AppEnv>().route('/', reads).route('/', writes);
