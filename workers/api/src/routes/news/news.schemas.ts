/** @module Shapes of the news API (issue 20 part 8, spec call `news`): snake_case like the rest of the API. */
import { NEWS_AUDIENCES } from '@db/schema';
import { z } from '@hono/zod-openapi';
import { pageOf, pageQueryFields } from '../../lib/pagination';
import type { ManagedRow, NewsRow } from './news.store';

export const IdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'id', in: 'path' }, example: 4 }),
});

export const FeedQuery = z.object(pageQueryFields(20));

export const ManageQuery = z.object({
  ...pageQueryFields(20),
  /** Part of the title or the text. */
  q: z.string().trim().max(100).optional(),
});

const date = z.iso.datetime({ offset: true, error: 'newsDateInvalid' });

/** Creation and change take the same body; an absent `published_at` is now (create) or unchanged (update). */
export const NewsBody = z
  .strictObject({
    title: z.string({ error: 'newsTitleRequired' }).trim().min(1, { error: 'newsTitleRequired' }).max(120, {
      error: 'newsTitleRequired',
    }),
    /** Plain text; line breaks are kept. */
    body: z.string({ error: 'newsBodyRequired' }).trim().min(1, { error: 'newsBodyRequired' }).max(4000, {
      error: 'newsBodyRequired',
    }),
    /** `all`: everyone of the company; `users`: fleet users (no back-office role); `staff`: back-office staff. */
    audience: z.enum(NEWS_AUDIENCES, { error: 'newsAudienceInvalid' }),
    published_at: date.optional(),
    /** From this instant the item leaves the feed; null: it stays until deleted. */
    expires_at: date.nullable().optional(),
  })
  .openapi('NewsBody');

const fields = {
  id: z.number(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NEWS_AUDIENCES),
  published_at: z.string(),
  expires_at: z.string().nullable(),
};

export const FeedItem = z.object({ ...fields, read: z.boolean() }).openapi('NewsFeedItem');

export const FeedPage = pageOf(FeedItem)
  .extend({ unread: z.number().openapi({ description: 'Unread items in the whole feed' }) })
  .openapi('NewsFeed');

export const ManagedItem = z
  .object({
    ...fields,
    company_id: z.number(),
    company_name: z.string(),
    /** `scheduled`: not yet published; `showing`: in the feed; `expired`: past its expiry. */
    status: z.enum(['scheduled', 'showing', 'expired']),
    created_by: z.string(),
    created_at: z.string(),
    updated_at: z.string().nullable(),
    reads: z.number(),
  })
  .openapi('NewsManaged');

export const ManagedPage = pageOf(ManagedItem).openapi('NewsManagedPage');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function common(n: NewsRow) {
  return {
    id: n.id,
    title: n.title,
    body: n.body,
    audience: n.audience,
    published_at: n.publishedAt.toISOString(),
    expires_at: iso(n.expiresAt),
  };
}

export const toFeedItem = (n: NewsRow, read: boolean): z.infer<typeof FeedItem> => ({ ...common(n), read });

export function toManaged(row: ManagedRow, now = new Date()): z.infer<typeof ManagedItem> {
  const n = row.news;
  const status = n.publishedAt > now ? 'scheduled' : n.expiresAt && n.expiresAt <= now ? 'expired' : 'showing';
  return {
    ...common(n),
    company_id: n.companyId,
    company_name: row.companyName,
    status,
    created_by: row.creatorEmail ?? '',
    created_at: n.createdAt.toISOString(),
    updated_at: iso(n.updatedAt),
    reads: Number(row.reads),
  };
}
