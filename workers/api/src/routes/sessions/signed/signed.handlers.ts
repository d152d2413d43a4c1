/**
 * @module A session's signed meter values (ADR 060): each stored value verified at read time
 * (domain/metering/signed-values.ts) against its own public key or the station's meter key, and the
 * S.A.F.E. XML export. Operators: the session detail's permission and scope; drivers: their own
 * sessions only. Another company's (or user's) session answers 404.
 */
import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { callerScope } from '@api/lib/scope';
import { authOf } from '@api/middleware/permission';
import { type StoredSignedValue, signedInputOf, signedValuesOf } from '@db/queries/signed-values.store';
import { type SignedFormat, safeXml, verifySigned } from '@domain/metering/signed-values';
import { sessionAudiences } from '@domain/sessions/detail';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { scopedSession } from '../detail/detail.store';
import { mySafe, mySigned, operatorSafe, operatorSigned } from './signed.routes';
import { toSignedMeterValue } from './signed.schemas';
import { isOwnSession } from './signed.store';

async function listed(values: StoredSignedValue[]) {
  const data = await Promise.all(values.map(async (v) => toSignedMeterValue(v, await verifySigned(signedInputOf(v)))));
  return { data, total: data.length };
}

/** The XML file, or 404 when the session has no signed value to export. */
function download(c: Context<AppEnv>, sessionId: number, values: StoredSignedValue[]) {
  if (values.length === 0) return apiError(c, 404, 'NO_SIGNED_METER_VALUES', 'signedValuesNone');
  const xml = safeXml(
    values.map((v) => ({
      ...signedInputOf(v),
      format: v.format as SignedFormat,
      transactionId: sessionId,
      context: v.context,
    })),
  );
  return c.body(xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    'content-disposition': `attachment; filename="session-${sessionId}-signed-meter-values.xml"`,
  });
}

/** Whether the caller may see session `id`: operators by the session detail's scope, drivers their own only. */
type MaySee = (c: Context<AppEnv>, id: number) => Promise<boolean>;

const operatorMaySee: MaySee = async (c, id) => {
  const find = await scopedSession(c.env.DB, { companies: await callerScope(c) }, sessionAudiences(authOf(c).access));
  return (await find(id)) !== null;
};
const driverMaySee: MaySee = (c, id) => isOwnSession(c.env.DB, authOf(c).user.id, id);

/** The session's values, or null (answered 404) when the caller may not see it. */
const valuesFor = async (c: Context<AppEnv>, id: number, maySee: MaySee) =>
  (await maySee(c, id)) ? await signedValuesOf(c.env.DB, id) : null;
const notFound = (c: Context<AppEnv>) => apiError(c, 404, 'SESSION_NOT_FOUND', 'notFound');

export const signedValueRoutes = new OpenAPIHono<AppEnv>()
  .openapi(operatorSigned, async (c) => {
    const values = await valuesFor(c, c.req.valid('param').id, operatorMaySee);
    return values ? c.json(await listed(values), 200) : notFound(c);
  })
  .openapi(operatorSafe, async (c) => {
    const { id } = c.req.valid('param');
    const values = await valuesFor(c, id, operatorMaySee);
    return values ? download(c, id, values) : notFound(c);
  });

export const mySignedValueRoutes = new OpenAPIHono<AppEnv>()
  .openapi(mySigned, async (c) => {
    const values = await valuesFor(c, c.req.valid('param').sessionId, driverMaySee);
    return values ? c.json(await listed(values), 200) : notFound(c);
  })
  .openapi(mySafe, async (c) => {
    const { sessionId } = c.req.valid('param');
    const values = await valuesFor(c, sessionId, driverMaySee);
    return values ? download(c, sessionId, values) : notFound(c);
  });
