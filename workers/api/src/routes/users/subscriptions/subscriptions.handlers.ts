/**
 * @module The router of a user's subscription contracts: the list, buying and the autorenew switch.
 * A free contract (price 0) is assigned at once; a paid one becomes a Stripe subscription of the
 * driver's company customer (subscriptions.paid.ts), its renewal Stripe's `cancel_at_period_end`.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { keyedValidation } from '@api/lib/keyed-validation';
import { callerScope } from '@api/lib/scope';
import { toHolder } from '@api/routes/subscription-contracts/subscription-contracts.schemas';
import { foundUser } from '@api/routes/users/users.access';
import { addMonths, autorenewOn, buyRefusal, refusedFetchSite } from '@domain/subscriptions/contracts';
import { OpenAPIHono } from '@hono/zod-openapi';
import { buyPaidContract, setPaidRenewal } from './subscriptions.paid';
import { subscriptionOfContract } from './subscriptions.paid.store';
import { autorenew, buy, ofUser } from './subscriptions.routes';
import {
  activateContract,
  contractsOfUser,
  holderById,
  runningContract,
  scopedContract,
  setAutorenew,
} from './subscriptions.store';

export const userSubscriptionRoutes = new OpenAPIHono<AppEnv>({ defaultHook: keyedValidation })
  .openapi(ofUser, async (c) => {
    const found = await foundUser(c, c.req.valid('param').userId);
    if (found.error) return found.error;
    const rows = await contractsOfUser(c.get('db'), found.user.id);
    return c.json({ data: rows.map((r) => toHolder(r)) }, 200);
  })
  .openapi(buy, async (c) => {
    if (refusedFetchSite(c.req.header('sec-fetch-site'))) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    const { userId, contractId } = c.req.valid('param');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    const db = c.get('db');
    const [contract, running] = await Promise.all([
      scopedContract(db, await callerScope(c), contractId),
      runningContract(db, userId, contractId),
    ]);
    const refusal = buyRefusal({ userDeleted: found.user.status === 'deleted', contract, alreadyRunning: !!running });
    if (refusal === 'userDeleted') return apiError(c, 409, 'USER_DELETED', 'userDeleted');
    if (refusal === 'contractNotFound') return apiError(c, 404, 'CONTRACT_NOT_FOUND', 'contractNotFound');
    if (refusal === 'contractAlreadyActive')
      return apiError(c, 409, 'CONTRACT_ALREADY_ACTIVE', 'contractAlreadyActive');
    if (!contract) throw new Error('a contract to activate');
    if (contract.priceMinor > 0) {
      const bought = await buyPaidContract(c, found.user, contract);
      if (bought.error) return bought.error;
      const row = await holderById(db, bought.userContractId);
      if (!row) throw new Error('bought contract not found');
      return c.json(toHolder(row), 201);
    }
    const now = new Date();
    const id = await activateContract(
      db,
      { userId, contractId, startsAt: now, expiresAt: addMonths(now, contract.durationMonths) },
      callerAudit(c, {
        action: 'subscription.activate',
        entity: 'user',
        entityId: userId,
        detail: { contractId, priceMinor: 0 },
      }),
    );
    const row = await holderById(db, id);
    if (!row) throw new Error('activated contract not found');
    return c.json(toHolder(row), 201);
  })
  .openapi(autorenew, async (c) => {
    if (refusedFetchSite(c.req.header('sec-fetch-site'))) return apiError(c, 403, 'FORBIDDEN', 'forbidden');
    const { userId, contractId, autorenewNextTime } = c.req.valid('param');
    const found = await foundUser(c, userId);
    if (found.error) return found.error;
    const db = c.get('db');
    const held = await runningContract(db, userId, contractId);
    if (!held) return apiError(c, 404, 'CONTRACT_NOT_HELD', 'contractNotHeld');
    const on = autorenewOn(autorenewNextTime);
    const paid = await subscriptionOfContract(db, held.id);
    if (paid) {
      const failed = await setPaidRenewal(c, paid, on);
      if (failed) return failed;
    }
    await setAutorenew(
      db,
      held.id,
      on,
      callerAudit(c, {
        action: 'subscription.autorenew',
        entity: 'user',
        entityId: userId,
        detail: { contractId, autorenew: on },
      }),
    );
    const row = await holderById(db, held.id);
    if (!row) throw new Error('contract vanished');
    return c.json(toHolder(row), 200);
  });
