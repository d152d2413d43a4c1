/**
 * @module Handlers of the graphic customisation tab (ADR 049). Each change writes the company's columns
 * and its audit row in one batch and answers the tab again. A logo is read as a capped stream, typed by
 * its first bytes (PNG or JPEG; SVG refused: it can carry script), stored in R2 under a new random key,
 * and the previous object removed once the row points at the new one.
 */
import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { readLimited } from '@api/lib/station-transfers';
import { authOf } from '@api/middleware/permission';
import { checkLogo, logoKey, MAX_LOGO_BYTES } from '@domain/company-settings/branding';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { scopedCompany, writeCompany } from '../company-settings.store';
import { deleteLogo, putBranding, readBranding, serveLogo, uploadLogo } from './branding.routes';
import { toBranding } from './branding.schemas';

type Ctx = Context<AppEnv>;

/** Room for the multipart envelope around a file at the limit. */
const MULTIPART_OVERHEAD = 16 * 1024;
const MAX_MB = MAX_LOGO_BYTES / (1024 * 1024);

const companyOf = (c: Ctx, id: number) => scopedCompany(c.get('db'), authOf(c).scope, id);
const notFound = (c: Ctx, id: number) => apiError(c, 404, 'NOT_FOUND', 'companyNotFound', { params: { id } });
const audit = (c: Ctx, companyId: number, action: string, detail: Record<string, unknown>) =>
  callerAudit(c, { action, entity: 'company', entityId: companyId, detail });

/** The uploaded file's bytes, or the refusal to answer. */
async function logoBytes(c: Ctx): Promise<Uint8Array | Response> {
  const type = c.req.header('content-type') ?? '';
  const tooLarge = () => apiError(c, 413, 'LOGO_TOO_LARGE', 'logoTooLarge', { field: 'file', params: { max: MAX_MB } });
  const noFile = () => apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'file' });
  if (!type.startsWith('multipart/form-data')) return noFile();
  const body = await readLimited(c.req.raw, MAX_LOGO_BYTES + MULTIPART_OVERHEAD);
  if (!body) return tooLarge();
  const form = await new Response(body, { headers: { 'content-type': type } }).formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') return noFile();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = checkLogo(bytes.subarray(0, 16), bytes.byteLength);
  if (checked.ok) return bytes;
  if (checked.reason === 'too_large') return tooLarge();
  if (checked.reason === 'empty') return noFile();
  return apiError(c, 400, 'LOGO_TYPE_REFUSED', 'logoTypeRefused', { field: 'file' });
}

export const brandingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(readBranding, async (c) => {
    const { companyId } = c.req.valid('param');
    const company = await companyOf(c, companyId);
    if (!company) return notFound(c, companyId);
    return c.json(toBranding(company), 200);
  })
  .openapi(
    putBranding,
    async (c) => {
      const { companyId } = c.req.valid('param');
      const company = await companyOf(c, companyId);
      if (!company) return notFound(c, companyId);
      const b = c.req.valid('json');
      const columns = { brandColor: b.brand_color, title: b.title, whiteLabel: b.white_label, demoMode: b.demo_mode };
      await writeCompany(c.get('db'), company.id, columns, audit(c, company.id, 'company.settings.branding', b));
      return c.json(toBranding({ ...company, ...columns }), 200);
    },
    keyedValidation,
  )
  .openapi(uploadLogo, async (c) => {
    const { companyId } = c.req.valid('param');
    const company = await companyOf(c, companyId);
    if (!company) return notFound(c, companyId);
    const bytes = await logoBytes(c);
    if (bytes instanceof Response) return bytes as never;
    const contentType = checkLogo(bytes.subarray(0, 16), bytes.byteLength);
    if (!contentType.ok) throw new Error('logo checked twice with different answers');
    const key = logoKey(company.id, crypto.randomUUID(), contentType.contentType);
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: contentType.contentType } });
    try {
      const detail = { logo: key, size: bytes.byteLength, type: contentType.contentType };
      await writeCompany(c.get('db'), company.id, { logo: key }, audit(c, company.id, 'company.settings.logo', detail));
    } catch (err) {
      await c.env.FILES.delete(key);
      throw err;
    }
    if (company.logo) await c.env.FILES.delete(company.logo);
    return c.json(toBranding({ ...company, logo: key }), 200);
  })
  .openapi(deleteLogo, async (c) => {
    const { companyId } = c.req.valid('param');
    const company = await companyOf(c, companyId);
    if (!company) return notFound(c, companyId);
    if (company.logo) {
      const detail = { logo: null, removed: company.logo };
      await writeCompany(
        c.get('db'),
        company.id,
        { logo: null },
        audit(c, company.id, 'company.settings.logo', detail),
      );
      await c.env.FILES.delete(company.logo);
    }
    return c.json(toBranding({ ...company, logo: null }), 200);
  })
  .openapi(serveLogo, async (c) => {
    const { companyId, file } = c.req.valid('param');
    const company = await companyOf(c, companyId);
    const key = `company-logos/${companyId}/${file}`;
    const object = company?.logo === key ? await c.env.FILES.get(key) : null;
    if (!object) return apiError(c, 404, 'NOT_FOUND', 'notFound');
    return new Response(object.body, {
      status: 200,
      headers: {
        'content-type': object.httpMetadata?.contentType ?? 'application/octet-stream',
        'content-length': String(object.size),
        // The key changes with every upload: the browser may keep this one as long as it likes.
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'",
      },
    }) as never;
  });
