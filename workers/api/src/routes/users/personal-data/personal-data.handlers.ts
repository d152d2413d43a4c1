/**
 * @module Driver self-service (spec 2 7.8): personal data of a fleet user, read and changed by a fleet
 * admin of the user's scope (`/users/{userId}/user-data`, `…/update-user-data`). The driver's own
 * routes (/my-data) use the same reads and the same change flow. Reads answer IBAN and SSN masked only.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { sessionSecret } from '@api/lib/session-cookie';
import { authOf } from '@api/middleware/permission';
import { editableUser, foundUser } from '@api/routes/users/users.access';
import type { users } from '@db/schema';
import { encryptSecret } from '@domain/identity/secret-box';
import { ibanChange, personalDataChanges } from '@domain/self-service/personal-data';
import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { adminRead, adminStations, adminUpdate } from './personal-data.routes';
import { toUsableStations, toUserData, type UpdateUserDataBody } from './personal-data.schemas';
import {
  type IbanColumns,
  mayUseStation,
  personalDataOf,
  usableStations,
  writePersonalData,
} from './personal-data.store';

type Ctx = Context<AppEnv>;
type User = typeof users.$inferSelect;

/** The sealed IBAN is bound to its user: a sealed value copied to another row does not open there. */
const ibanContext = (userId: number) => `iban:${userId}`;

export async function userDataAnswer(c: Ctx, u: User) {
  const { data, stationName } = await personalDataOf(c.get('db'), u.id);
  return toUserData(u, data, stationName);
}

export async function stationsAnswer(c: Ctx, u: User, keyword: string | undefined) {
  return toUsableStations(await usableStations(c.get('db'), u, keyword));
}

/**
 * Checks and writes the sent fields: the API's error, or the new answer. The audit row names the
 * fields that changed, never the IBAN or SSN values.
 */
export async function saveUserData(c: Ctx, u: User, body: z.infer<typeof UpdateUserDataBody>) {
  const db = c.get('db');
  const iban = ibanChange(body.iban);
  if (iban.kind === 'invalid')
    return { error: apiError(c, 400, 'VALIDATION_FAILED', iban.key, { field: 'iban', params: iban.params }) };
  if (typeof body.stationId === 'number' && !(await mayUseStation(db, u, body.stationId)))
    return {
      error: apiError(c, 400, 'VALIDATION_FAILED', 'stationNotAllowed', {
        field: 'stationId',
        params: { id: body.stationId },
      }),
    };
  let ibanColumns: IbanColumns | undefined;
  if (iban.kind === 'clear') ibanColumns = { ibanSealed: null, ibanCountry: null, ibanLast4: null };
  if (iban.kind === 'set')
    ibanColumns = {
      ibanSealed: await encryptSecret(iban.normalized, sessionSecret(c.env), ibanContext(u.id)),
      ibanCountry: iban.country,
      ibanLast4: iban.last4,
    };
  const changes = personalDataChanges(body);
  const action = authOf(c).user.id === u.id ? 'user.personal_data.self_update' : 'user.personal_data.update';
  // Field names only: IBAN and SSN values never reach a log.
  const audit = callerAudit(c, { action, entity: 'user', entityId: u.id, detail: { fields: changes.changed } });
  const fresh = await writePersonalData(db, u, changes, ibanColumns, audit);
  return { answer: await userDataAnswer(c, fresh) };
}

export const personalDataRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(adminRead, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    return c.json(await userDataAnswer(c, found.user), 200);
  })
  .openapi(adminUpdate, async (c) => {
    const found = await editableUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    const result = await saveUserData(c, found.user, c.req.valid('json'));
    if (result.error) return result.error;
    return c.json(result.answer, 200);
  })
  .openapi(adminStations, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    return c.json(await stationsAnswer(c, found.user, c.req.valid('query').keyword), 200);
  });
