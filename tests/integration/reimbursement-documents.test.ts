/**
 * Reimbursement documents in R2 (issue 19 part 3, spec 001 §7.11): the type is read from the content
 * (a PNG named contract.pdf is no power contract), the 10 MB limit, a PDF stored and downloaded byte
 * for byte, the list's filters, approve / invalidate with who and when (audited), an employee reaching
 * only their own documents (404 for another's), deleting (an approved one stays for the employee), and
 * another company's document answering exactly like a missing one.
 */
import { env, SELF } from 'cloudflare:test';
import { auditLog, homeStations } from '@db/schema';
import { ROLE } from '@domain/permissions/roles';
import { SERVICE } from '@domain/permissions/service-settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createUser } from '../../drizzle/seed/factories';
import { BASE, call, db, expectError, failOnConsoleError, login, type Session, unique } from './helpers';

failOnConsoleError();

const PASSWORD = 'correct horse battery';
const NOT_FOUND = { code: 'DOCUMENT_NOT_FOUND', message: 'Document not found.' };
const REFUSED = 'This file is not accepted: a power contract must be a PDF; a meter reading a JPG, JPEG, PNG or PDF.';

interface Doc {
  id: number;
  user_id: number;
  type: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string | null;
  period: string | null;
  meter_wh: number | null;
  home_station_id: number | null;
  approved: boolean | null;
  reviewed_by: { id: number } | null;
  reviewed_at: string | null;
}
interface Page {
  data: Doc[];
  total: number;
}

const encode = (s: string) => new TextEncoder().encode(s);
const PDF = encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

let fleet: number;
let manager: Session;
let viewer: Session;
let managerB: Session;
let dora: { id: number; session: Session; email: string };
let dave: { id: number; session: Session };
let doraStation: number;
let daveStation: number;

async function person(companyId: number, roles: number[], firstName: string) {
  const email = `${unique(firstName.toLowerCase())}@example.test`;
  const user = await createUser(
    db,
    { companyId, email, password: PASSWORD, roles, firstName, lastName: 'Tester' },
    { iterations: 1000 },
  );
  return { id: user.id, email, session: await login(email, PASSWORD) };
}

function upload(
  who: Session,
  userId: number,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array<ArrayBuffer>; name: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // The client's content type lies on purpose: only the bytes may decide.
  if (file) form.append('file', new File([file.bytes], file.name, { type: 'application/pdf' }));
  return SELF.fetch(`${BASE}/api/documents/${userId}/create`, {
    method: 'POST',
    headers: { cookie: `sid=${who.cookie}`, 'cf-connecting-ip': who.ip },
    body: form,
  });
}

async function stored(res: Response): Promise<Doc> {
  const body = await res.json();
  expect([res.status, body]).toEqual([201, expect.anything()]);
  return body as Doc;
}

const contract = (who: Session, userId: number, name = 'contract.pdf') =>
  upload(who, userId, { type: 'power_contract' }, { bytes: PDF, name }).then(stored);

const list = async (who: Session, query = '') => {
  const res = await call(`/documents${query}`, who);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};

const review = (who: Session, d: Doc, approved: boolean) =>
  call(`/documents/${d.user_id}/approve/${d.id}/${d.type}`, { ...who, method: 'PUT', json: { approved } });
const remove = (who: Session, d: Doc) =>
  call(`/documents/${d.user_id}/delete/${d.id}/${d.type}`, { ...who, method: 'DELETE' });

beforeAll(async () => {
  const company = { isEvfleet: true, services: [SERVICE.HOME_REIMBURSEMENT], timeZone: 'Europe/Rome' };
  fleet = (await createCompany(db, { name: unique('Fleet A'), ...company })).id;
  const otherFleet = (await createCompany(db, { name: unique('Fleet B'), ...company })).id;
  manager = (await person(fleet, [ROLE.FLEET_MANAGER_MANAGE_USERS], 'Mona')).session;
  viewer = (await person(fleet, [ROLE.FLEET_MANAGER_VIEW], 'Vic')).session;
  managerB = (await person(otherFleet, [ROLE.FLEET_MANAGER_MANAGE_USERS], 'Bert')).session;
  dora = await person(fleet, [], 'Dora');
  dave = await person(fleet, [], 'Dave');
  const [a, b] = await db
    .insert(homeStations)
    .values([
      { companyId: fleet, userId: dora.id, name: 'Garage', isOffline: true },
      { companyId: fleet, userId: dave.id, name: 'Carport', isOffline: true },
    ])
    .returning();
  doraStation = a?.id ?? 0;
  daveStation = b?.id ?? 0;
});

describe('upload', () => {
  it('refuses a PNG named contract.pdf as a power contract: the content decides, not the name', async () => {
    const res = await upload(dora.session, dora.id, { type: 'power_contract' }, { bytes: PNG, name: 'contract.pdf' });
    await expectError(res, 400, { code: 'DOCUMENT_TYPE_REFUSED', message: REFUSED, field: 'file' });
    expect((await list(dora.session)).total).toBe(0);
  });

  it('stores a real PDF and gives it back byte for byte, as an attachment that is never cached', async () => {
    const doc = await contract(dora.session, dora.id, 'Stromvertrag März.pdf');
    expect(doc).toMatchObject({
      user_id: dora.id,
      type: 'power_contract',
      file_name: 'Stromvertrag März.pdf',
      content_type: 'application/pdf',
      size: PDF.byteLength,
      approved: null,
      reviewed_by: null,
    });
    const digest = await crypto.subtle.digest('SHA-256', PDF);
    expect(doc.sha256).toBe([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''));
    for (const who of [dora.session, manager, viewer]) {
      const res = await call(`/documents/${doc.id}/download`, who);
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Stromvertrag M_rz.pdf"; filename*=UTF-8''Stromvertrag%20M%C3%A4rz.pdf`,
      );
    }
  });

  it('refuses an 11 MB file with 413 and stores nothing', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PDF);
    const before = (await list(manager)).total;
    const res = await upload(dora.session, dora.id, { type: 'power_contract' }, { bytes: big, name: 'big.pdf' });
    await expectError(res, 413, {
      code: 'DOCUMENT_TOO_LARGE',
      message: 'The file is larger than 10 MB.',
      field: 'file',
    });
    expect((await list(manager)).total).toBe(before);
  });

  it('takes a meter reading with its month, index and the user’s own home station only', async () => {
    const fields = { type: 'meter_reading', period: '2026-01', meterWh: '1234567' };
    const png = { bytes: PNG, name: 'meter.pdf' };
    const doc = await stored(
      await upload(dora.session, dora.id, { ...fields, homeStationId: String(doraStation) }, png),
    );
    expect(doc).toMatchObject({
      type: 'meter_reading',
      content_type: 'image/png',
      file_name: 'meter.png',
      period: '2026-01',
      meter_wh: 1234567,
      home_station_id: doraStation,
    });
    const daves = await upload(dora.session, dora.id, { ...fields, homeStationId: String(daveStation) }, png);
    await expectError(daves, 404, {
      code: 'HOME_STATION_NOT_FOUND',
      message: 'Home station not found.',
      field: 'homeStationId',
    });
    const future = await upload(dora.session, dora.id, { ...fields, period: '2999-01' }, png);
    expect([future.status, ((await future.json()) as { field: string }).field]).toEqual([400, 'period']);
    const noIndex = await upload(dora.session, dora.id, { type: 'meter_reading', period: '2026-01' }, png);
    expect([noIndex.status, ((await noIndex.json()) as { field: string }).field]).toEqual([400, 'meterWh']);
    const text = await upload(dora.session, dora.id, fields, { bytes: encode('hello'), name: 'meter.png' });
    await expectError(text, 400, { code: 'DOCUMENT_TYPE_REFUSED', message: REFUSED, field: 'file' });
  });

  it('lets an employee upload for themself only, and a manager for any user of the scope', async () => {
    await expectError(
      await upload(dora.session, dave.id, { type: 'power_contract' }, { bytes: PDF, name: 'x.pdf' }),
      404,
      {
        code: 'USER_NOT_FOUND',
        message: 'User not found',
      },
    );
    const forDave = await contract(manager, dave.id, 'dave.pdf');
    expect(forDave.user_id).toBe(dave.id);
    const b = await upload(managerB, dave.id, { type: 'power_contract' }, { bytes: PDF, name: 'x.pdf' });
    await expectError(b, 404, { code: 'USER_NOT_FOUND', message: 'User not found' });
  });
});

describe('list', () => {
  it('filters by type, review state, user, search and upload day; an employee sees only their own', async () => {
    const own = await contract(dave.session, dave.id, 'zz-unique-name.pdf');
    const all = await list(manager);
    expect(all.data.every((d) => [dora.id, dave.id].includes(d.user_id))).toBe(true);
    expect(all.data.map((d) => d.id)).toContain(own.id);
    const ids = async (q: string) => (await list(manager, q)).data.map((d) => d.id);
    expect(await ids('?search_string=ZZ-UNIQUE')).toEqual([own.id]);
    expect(
      (await list(manager, `?search_string=${encodeURIComponent(dora.email)}`)).data.every(
        (d) => d.user_id === dora.id,
      ),
    ).toBe(true);
    expect((await list(manager, '?type=meter_reading')).data.every((d) => d.type === 'meter_reading')).toBe(true);
    expect((await list(manager, '?type=meter_reading')).total).toBeGreaterThan(0);
    expect((await list(manager, `?user_id=${dave.id}`)).data.every((d) => d.user_id === dave.id)).toBe(true);
    expect((await list(manager, '?is_approved=pending')).data.every((d) => d.approved === null)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?search_string=zz-unique&start_date=${today}&end_date=${today}`)).toEqual([own.id]);
    expect(await ids('?search_string=zz-unique&end_date=2020-01-01')).toEqual([]);
    const paged = await list(manager, '?items_per_page=1&page=1');
    expect([paged.data.length, paged.total]).toEqual([1, all.total]);
    const doras = await list(dora.session);
    expect(doras.total).toBeGreaterThan(0);
    expect(doras.data.every((d) => d.user_id === dora.id)).toBe(true);
    // An employee's user_id filter cannot widen their reach.
    expect((await list(dora.session, `?user_id=${dave.id}`)).total).toBe(0);
    expect((await list(managerB)).total).toBe(0);
  });
});

describe('review', () => {
  it('approves and invalidates with who and when, audited; viewers and employees may not', async () => {
    const doc = await contract(dora.session, dora.id);
    const res = await review(manager, doc, true);
    expect(res.status).toBe(200);
    const approved = (await res.json()) as Doc;
    expect(approved.approved).toBe(true);
    expect(approved.reviewed_by?.id).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(approved.reviewed_at ?? '')).toBeGreaterThanOrEqual(0);
    expect((await list(manager, `?is_approved=true&user_id=${dora.id}`)).data.map((d) => d.id)).toContain(doc.id);
    const invalidated = (await (await review(manager, doc, false)).json()) as Doc;
    expect([invalidated.approved, invalidated.reviewed_by?.id]).toEqual([false, approved.reviewed_by?.id]);
    expect((await list(manager, `?is_approved=false&user_id=${dora.id}`)).data.map((d) => d.id)).toContain(doc.id);
    const audits = await db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'reimbursement_document'), eq(auditLog.entityId, String(doc.id))));
    expect(audits.map((a) => a.action)).toEqual([
      'reimbursement_document.approve',
      'reimbursement_document.invalidate',
    ]);
    expect(audits.every((a) => a.actor === approved.reviewed_by?.id)).toBe(true);
    expect((await review(viewer, doc, true)).status).toBe(403);
    expect((await review(dora.session, doc, true)).status).toBe(403);
    // The path's type must be the document's.
    const wrongType = call(`/documents/${dora.id}/approve/${doc.id}/meter_reading`, {
      ...manager,
      method: 'PUT',
      json: { approved: true },
    });
    await expectError(await wrongType, 404, NOT_FOUND);
  });
});

describe('reach', () => {
  it("answers 404 to an employee for another employee's document", async () => {
    const doc = await contract(dora.session, dora.id);
    await expectError(await call(`/documents/${doc.id}/download`, dave.session), 404, NOT_FOUND);
    await expectError(await remove(dave.session, doc), 404, NOT_FOUND);
    expect((await list(dave.session)).data.map((d) => d.id)).not.toContain(doc.id);
  });

  it("answers another company's document exactly like a missing one", async () => {
    const doc = await contract(dora.session, dora.id);
    const missing = { ...doc, id: 999_999_999 };
    for (const d of [doc, missing]) {
      await expectError(await call(`/documents/${d.id}/download`, managerB), 404, NOT_FOUND);
      await expectError(await review(managerB, d, true), 404, NOT_FOUND);
      await expectError(await remove(managerB, d), 404, NOT_FOUND);
    }
  });

  it('serves a meter reading at /energy-reading and nothing else there', async () => {
    const reading = await stored(
      await upload(
        dora.session,
        dora.id,
        { type: 'meter_reading', period: '2026-02', meterWh: '5' },
        { bytes: PNG, name: 'm.png' },
      ),
    );
    const res = await call(`/energy-reading/${reading.id}`, manager);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const pdf = await contract(dora.session, dora.id);
    await expectError(await call(`/energy-reading/${pdf.id}`, manager), 404, NOT_FOUND);
  });

  it('answers downloadFailed when the bucket has lost the file', async () => {
    const doc = await contract(dora.session, dora.id);
    const row = await env.DB.prepare('SELECT r2_key FROM reimbursement_documents WHERE id = ?')
      .bind(doc.id)
      .first<{ r2_key: string }>();
    expect(row?.r2_key).toMatch(new RegExp(`^reimbursement/${fleet}/${dora.id}/[0-9a-f-]{36}$`));
    await env.FILES.delete(row?.r2_key ?? '');
    await expectError(await call(`/documents/${doc.id}/download`, dora.session), 404, {
      code: 'DOWNLOAD_FAILED',
      message: 'Download has failed',
    });
  });
});

describe('delete', () => {
  it('lets the employee delete their own unapproved document, file included, but not an approved one', async () => {
    const doc = await contract(dora.session, dora.id);
    const key = (
      await env.DB.prepare('SELECT r2_key FROM reimbursement_documents WHERE id = ?')
        .bind(doc.id)
        .first<{ r2_key: string }>()
    )?.r2_key;
    expect(await env.FILES.head(key ?? '')).not.toBeNull();
    const res = await remove(dora.session, doc);
    expect([res.status, await res.json()]).toEqual([200, { id: doc.id, deleted: true }]);
    expect(await env.FILES.head(key ?? '')).toBeNull();
    await expectError(await call(`/documents/${doc.id}/download`, dora.session), 404, NOT_FOUND);
    expect((await list(manager)).data.map((d) => d.id)).not.toContain(doc.id);

    const approved = await contract(dora.session, dora.id);
    expect((await review(manager, approved, true)).status).toBe(200);
    await expectError(await remove(dora.session, approved), 409, {
      code: 'DOCUMENT_DELETE_FAILED',
      message: 'Delete document failed',
    });
    expect((await call(`/documents/${approved.id}/download`, dora.session)).status).toBe(200);
  });

  it('lets a manager delete an approved document; a viewer may not delete', async () => {
    const doc = await contract(dave.session, dave.id);
    expect((await review(manager, doc, true)).status).toBe(200);
    expect((await remove(viewer, doc)).status).toBe(403);
    expect((await remove(manager, doc)).status).toBe(200);
    await expectError(await remove(manager, doc), 404, NOT_FOUND);
  });
});
