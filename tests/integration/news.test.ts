/**
 * News (issue 20 part 8, spec /fleet/news and call `news`): a company admin publishes, the company's
 * users see it unread (in the feed and in /me's badge count) until they open it; other companies,
 * other audiences, scheduled, expired and deleted news stay out of the feed; only admins publish.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions/roles';
import { auditLog } from '../../drizzle/schema';
import { createUser } from '../../drizzle/seed/factories';
import { call, db, expectError, failOnConsoleError, login, type Session, unique, type World, world } from './helpers';

failOnConsoleError();

const FLEET = { isEvfleet: true };
const PASSWORD = 'correct horse battery';

interface FeedItem {
  id: number;
  title: string;
  read: boolean;
}
interface Feed {
  data: FeedItem[];
  total: number;
  unread: number;
}
interface Managed {
  id: number;
  title: string;
  status: 'scheduled' | 'showing' | 'expired';
  company_id: number;
  created_by: string;
  reads: number;
}

let admin: World;
let adminSession: Session;
let driver: Session;
let manager: Session;
let stranger: Session;
let strangerAdmin: Session;

/** Another user of `company` with these roles, logged in. */
async function colleague(company: World['company'], roles: number[]): Promise<Session> {
  const email = `${unique('colleague')}@example.test`;
  await createUser(db, { companyId: company.id, email, password: PASSWORD, roles }, { iterations: 1000 });
  return login(email, PASSWORD);
}

async function publish(body: Record<string, unknown>, as: Session = adminSession): Promise<Managed> {
  const res = await call('/news', { ...as, json: { title: unique('News'), body: 'Text', audience: 'all', ...body } });
  expect(res.status).toBe(201);
  return (await res.json()) as Managed;
}

async function feedOf(as: Session): Promise<Feed> {
  const res = await call('/news?items_per_page=100', as);
  expect(res.status).toBe(200);
  return (await res.json()) as Feed;
}

async function badgeOf(as: Session): Promise<number> {
  const res = await call('/me', as);
  expect(res.status).toBe(200);
  return ((await res.json()) as { newsUnread: number }).newsUnread;
}

const inFeed = (feed: Feed, id: number) => feed.data.find((n) => n.id === id);
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const DAY = 86_400_000;

beforeAll(async () => {
  admin = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: FLEET });
  adminSession = await login(admin.email, admin.password, admin.ip);
  driver = await colleague(admin.company, []);
  manager = await colleague(admin.company, [ROLE.FLEET_MANAGER_VIEW]);
  const other = await world({ roles: [ROLE.ADMINISTRATIVE_SERVICES], company: FLEET });
  strangerAdmin = await login(other.email, other.password, other.ip);
  stranger = await colleague(other.company, []);
});

describe('the news feed', () => {
  it('shows published news unread to the company’s users until they open it', async () => {
    const before = await feedOf(driver);
    const badgeBefore = await badgeOf(driver);
    const item = await publish({ title: 'Charging cards renewed' });
    expect(item).toMatchObject({ status: 'showing', company_id: admin.company.id, created_by: admin.email, reads: 0 });

    const feed = await feedOf(driver);
    expect(inFeed(feed, item.id)).toMatchObject({ title: 'Charging cards renewed', read: false });
    expect(feed.unread).toBe(before.unread + 1);
    expect(await badgeOf(driver)).toBe(badgeBefore + 1);

    const read = await call(`/news/${item.id}/read`, { ...driver, method: 'POST' });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: item.id, read: true });
    // Idempotent: a second opening changes nothing.
    expect((await call(`/news/${item.id}/read`, { ...driver, method: 'POST' })).status).toBe(200);

    const after = await feedOf(driver);
    expect(inFeed(after, item.id)?.read).toBe(true);
    expect(after.unread).toBe(before.unread);
    expect(await badgeOf(driver)).toBe(badgeBefore);
    // Reading is per user: the manager still has it unread; the admin's list counts one reader.
    expect(inFeed(await feedOf(manager), item.id)?.read).toBe(false);
    const listed = await call(`/news/manage?q=${encodeURIComponent('Charging cards renewed')}`, adminSession);
    expect(((await listed.json()) as { data: Managed[] }).data.find((n) => n.id === item.id)?.reads).toBe(1);
  });

  it('keeps a company’s news from the users of another company', async () => {
    const item = await publish({});
    expect(inFeed(await feedOf(stranger), item.id)).toBeUndefined();
    const notFound = { code: 'NEWS_NOT_FOUND', message: 'News not found.' };
    await expectError(await call(`/news/${item.id}/read`, { ...stranger, method: 'POST' }), 404, notFound);
    const change = { title: 'Taken over', body: 'x', audience: 'all' };
    await expectError(await call(`/news/${item.id}`, { ...strangerAdmin, method: 'PUT', json: change }), 404, notFound);
    await expectError(await call(`/news/${item.id}`, { ...strangerAdmin, method: 'DELETE' }), 404, notFound);
    const list = (await (await call('/news/manage?items_per_page=100', strangerAdmin)).json()) as { data: Managed[] };
    expect(list.data.map((n) => n.id)).not.toContain(item.id);
  });

  it('shows each audience its own news: fleet users, back-office staff, everyone', async () => {
    const forUsers = await publish({ audience: 'users' });
    const forStaff = await publish({ audience: 'staff' });
    const driverFeed = await feedOf(driver);
    const managerFeed = await feedOf(manager);
    expect([inFeed(driverFeed, forUsers.id) !== undefined, inFeed(driverFeed, forStaff.id) !== undefined]).toEqual([
      true,
      false,
    ]);
    expect([inFeed(managerFeed, forUsers.id) !== undefined, inFeed(managerFeed, forStaff.id) !== undefined]).toEqual([
      false,
      true,
    ]);
    await expectError(await call(`/news/${forStaff.id}/read`, { ...driver, method: 'POST' }), 404, {
      code: 'NEWS_NOT_FOUND',
      message: 'News not found.',
    });
  });

  it('leaves scheduled, expired and deleted news out of the feed, but lists them to the admin', async () => {
    const expired = await publish({ published_at: iso(-3 * DAY), expires_at: iso(-DAY) });
    const scheduled = await publish({ published_at: iso(2 * DAY) });
    const deleted = await publish({});
    expect(expired.status).toBe('expired');
    expect(scheduled.status).toBe('scheduled');
    const gone = await call(`/news/${deleted.id}`, { ...adminSession, method: 'DELETE' });
    expect(gone.status).toBe(200);

    const feed = await feedOf(driver);
    expect([expired, scheduled, deleted].map((n) => inFeed(feed, n.id))).toEqual([undefined, undefined, undefined]);
    const list = (await (await call('/news/manage?items_per_page=100', adminSession)).json()) as { data: Managed[] };
    const ids = list.data.map((n) => n.id);
    expect([ids.includes(expired.id), ids.includes(scheduled.id), ids.includes(deleted.id)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('changes a news item and audits publish, change and delete', async () => {
    const item = await publish({ title: 'Draft title' });
    const res = await call(`/news/${item.id}`, {
      ...adminSession,
      method: 'PUT',
      json: { title: 'Final title', body: 'New text', audience: 'all', expires_at: null },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: item.id, title: 'Final title', body: 'New text', status: 'showing' });
    expect(inFeed(await feedOf(driver), item.id)?.title).toBe('Final title');
    expect((await call(`/news/${item.id}`, { ...adminSession, method: 'DELETE' })).status).toBe(200);
    const rows = await db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'news'), eq(auditLog.entityId, String(item.id))));
    expect(rows.map((r) => r.action).sort()).toEqual(['news.created', 'news.deleted', 'news.updated']);
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set([admin.user.id]));
  });
});

describe('publishing', () => {
  it('names the field that fails and why', async () => {
    const base = { title: 'Title', body: 'Text', audience: 'all' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '  ' }, 'title', 'Enter a title of at most 120 characters.'],
      [{ title: 'x'.repeat(121) }, 'title', 'Enter a title of at most 120 characters.'],
      [{ body: 'x'.repeat(4001) }, 'body', 'Enter the text of the news, at most 4,000 characters.'],
      [
        { audience: 'everybody' },
        'audience',
        'Choose who the news is for: everyone, fleet users or back-office staff.',
      ],
      [{ expires_at: 'tomorrow' }, 'expires_at', 'Enter a valid date and time.'],
      [
        { published_at: iso(DAY), expires_at: iso(DAY - 60_000) },
        'expires_at',
        'The expiry date must be after the publication date.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await call('/news', { ...adminSession, json: { ...base, ...change } });
      await expectError(res, 400, { code: 'VALIDATION_FAILED', message, field });
    }
  });

  it('is refused to users who are not company admins', async () => {
    const forbidden = {
      code: 'FORBIDDEN',
      message: "Forbidden resource. You don't have the permission to request this resource.",
    };
    const body = { title: 'Not mine to say', body: 'x', audience: 'all' };
    for (const who of [manager, driver]) {
      await expectError(await call('/news', { ...who, json: body }), 403, forbidden);
      await expectError(await call('/news/manage', who), 403, forbidden);
    }
  });
});
