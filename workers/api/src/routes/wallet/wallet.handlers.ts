/**
 * @module The wallets API (spec 001 §7.6, issue 18): input → store (gather) → domain rule (decide) →
 * store (write) → answer. A wallet outside the caller's reach (domain/wallets/wallet-scope.ts) answers
 * 404 like a missing one. Literal paths are registered before /wallet/{walletId}.
 */

import { companyScopeIds } from '@db/queries/companies.store';
import { balanceOf } from '@db/queries/wallet-ledger.store';
import { formatMoney } from '@domain/format/format';
import { autoRechargeProblem, deletionAllowed, isCurrencyCode, walletCurrency } from '@domain/wallets/wallet-input';
import { listCompanies, walletScope } from '@domain/wallets/wallet-scope';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { apiError } from '../../lib/errors';
import { keyedValidation } from '../../lib/keyed-validation';
import { clientIp } from '../../lib/session-cookie';
import { authOf } from '../../middleware/permission';
import { walletLedgerRoutes } from './wallet.ledger';
import { companyBalance, create, detail, list, remove, update, userBalance, userOptions } from './wallet.routes';
import { personName, toWallet } from './wallet.schemas';
import {
  activeUserOf,
  deleteEmptyWallet,
  insertWallet,
  listWallets,
  ownerWallet,
  scopedCompany,
  scopedWallet,
  searchCompanyUsers,
  updateWallet,
} from './wallet.store';

type Ctx = Context<AppEnv>;

function reachOf(c: Ctx) {
  const auth = authOf(c);
  return walletScope(auth.access, auth.company.id, auth.scope);
}

function auditOf(c: Ctx, action: string, companyId: number, walletId: number | undefined, detail: object) {
  return {
    action,
    actorUserId: authOf(c).user.id,
    companyId,
    entity: 'wallet',
    ...(walletId === undefined ? {} : { entityId: walletId }),
    detail: { ...detail },
    ip: clientIp(c),
  };
}

const forbiddenField = (c: Ctx, field: string) => apiError(c, 403, 'FORBIDDEN', 'forbidden', { field });

const reads = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => {
    const q = c.req.valid('query');
    const db = c.get('db');
    const reach = reachOf(c);
    const subtree = q.administrativeId === undefined ? undefined : await companyScopeIds(db, q.administrativeId);
    const narrowed = listCompanies(reach, {
      administrativeId: q.administrativeId,
      subtree,
      companyFilterId: q.company_filter_id,
    });
    if ('refused' in narrowed) return forbiddenField(c, narrowed.refused);
    const { rows, balances, total } = await listWallets(db, {
      companies: narrowed.companies,
      userId: q.userId,
      keyword: q.keyword || undefined,
      page: q.page,
      itemsPerPage: q.itemsPerPage,
    });
    return c.json(
      {
        data: rows.map((r) => toWallet(r.wallet, r.companyName, r.user, balances.get(r.wallet.id) ?? 0)),
        total,
        page: q.page,
        items_per_page: q.itemsPerPage,
      },
      200,
    );
  })
  .openapi(userOptions, async (c) => {
    const { companyId, keyword } = c.req.valid('query');
    const db = c.get('db');
    if (!(await scopedCompany(db, reachOf(c), companyId))) return forbiddenField(c, 'companyId');
    const rows = await searchCompanyUsers(db, companyId, keyword || undefined);
    return c.json({ data: rows.map((u) => ({ id: u.id, email: u.email, name: personName(u) })) }, 200);
  })
  .openapi(companyBalance, async (c) => {
    const db = c.get('db');
    const company = authOf(c).company.id;
    const found = await ownerWallet(db, reachOf(c), { companyId: company, userId: null });
    if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletCompanyWalletNotFound');
    const w = found.wallet;
    return c.json(
      {
        walletId: w.id,
        companyId: w.companyId,
        userId: null,
        currency: w.currency,
        balance: await balanceOf(db, w.id),
      },
      200,
    );
  })
  .openapi(userBalance, async (c) => {
    const { userId } = c.req.valid('param');
    const db = c.get('db');
    const found = await ownerWallet(db, reachOf(c), { userId });
    if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletUserWalletNotFound');
    const w = found.wallet;
    return c.json(
      { walletId: w.id, companyId: w.companyId, userId, currency: w.currency, balance: await balanceOf(db, w.id) },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const { walletId } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedWallet(db, reachOf(c), walletId);
    if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
    return c.json(toWallet(found.wallet, found.companyName, found.user, await balanceOf(db, walletId)), 200);
  });

const writes = new OpenAPIHono<AppEnv>()
  .openapi(
    create,
    async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const company = await scopedCompany(db, reachOf(c), body.companyId);
      if (!company) return forbiddenField(c, 'companyId');
      const userId = body.userId ?? null;
      const user = userId === null ? null : ((await activeUserOf(db, company.id, userId)) ?? null);
      if (userId !== null && !user)
        return apiError(c, 400, 'VALIDATION_FAILED', 'walletUserNotInCompany', { field: 'userId' });
      const problem = autoRechargeProblem(body.autoRechargeThreshold ?? null, body.autoRechargeAmount ?? null);
      if (problem) return apiError(c, 400, 'VALIDATION_FAILED', problem.key, { field: problem.field });
      const currency = walletCurrency(body.currency, company.currency);
      if (!isCurrencyCode(currency))
        return apiError(c, 400, 'VALIDATION_FAILED', 'walletCurrencyInvalid', { field: 'currency' });
      const exists = () =>
        apiError(c, 409, 'WALLET_EXISTS', 'walletExists', { field: userId ? 'userId' : 'companyId' });
      if (await ownerWallet(db, [company.id], { companyId: company.id, userId })) return exists();
      try {
        const row = await insertWallet(
          db,
          {
            companyId: company.id,
            userId,
            name: body.name,
            currency,
            autoRechargeThreshold: body.autoRechargeThreshold ?? null,
            autoRechargeAmount: body.autoRechargeAmount ?? null,
            createdBy: authOf(c).user.id,
          },
          auditOf(c, 'wallet.create', company.id, undefined, { userId, name: body.name, currency }),
        );
        return c.json(toWallet(row, company.name, user, 0), 201);
      } catch (err) {
        // Two creations for one owner at once: the unique index decides, and the loser hears why.
        if (String(err).includes('UNIQUE')) return exists();
        throw err;
      }
    },
    keyedValidation,
  )
  .openapi(
    update,
    async (c) => {
      const { walletId } = c.req.valid('param');
      const body = c.req.valid('json');
      const db = c.get('db');
      const found = await scopedWallet(db, reachOf(c), walletId);
      if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
      const w = found.wallet;
      const problem = autoRechargeProblem(body.autoRechargeThreshold, body.autoRechargeAmount, {
        threshold: w.autoRechargeThreshold,
        amount: w.autoRechargeAmount,
      });
      if (problem) return apiError(c, 400, 'VALIDATION_FAILED', problem.key, { field: problem.field });
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.autoRechargeThreshold !== undefined ? { autoRechargeThreshold: body.autoRechargeThreshold } : {}),
        ...(body.autoRechargeAmount !== undefined ? { autoRechargeAmount: body.autoRechargeAmount } : {}),
      };
      const balance = await balanceOf(db, walletId);
      if (Object.keys(changes).length === 0) return c.json(toWallet(w, found.companyName, found.user, balance), 200);
      const before = { name: w.name, threshold: w.autoRechargeThreshold, amount: w.autoRechargeAmount };
      const row = await updateWallet(
        db,
        walletId,
        changes,
        auditOf(c, 'wallet.update', w.companyId, walletId, { before, changes }),
      );
      if (!row) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
      return c.json(toWallet(row, found.companyName, found.user, balance), 200);
    },
    keyedValidation,
  )
  .openapi(remove, async (c) => {
    const { walletId } = c.req.valid('param');
    const db = c.get('db');
    const found = await scopedWallet(db, reachOf(c), walletId);
    if (!found) return apiError(c, 404, 'WALLET_NOT_FOUND', 'walletNotFound');
    const w = found.wallet;
    const notEmpty = (balance: number) =>
      apiError(c, 409, 'WALLET_NOT_EMPTY', 'walletNotEmpty', { params: { balance: formatMoney(balance, w.currency) } });
    const balance = await balanceOf(db, walletId);
    if (!deletionAllowed(balance)) return notEmpty(balance);
    const row = await deleteEmptyWallet(db, walletId, auditOf(c, 'wallet.delete', w.companyId, walletId, {}));
    // Refused by the statement itself: an entry landed between the read and the delete.
    if (!row) return notEmpty(await balanceOf(db, walletId));
    return c.json(toWallet(row, found.companyName, found.user, 0), 200);
  });

export const walletRoutes = new OpenAPIHono<AppEnv>()
  .route('/', reads)
  .route('/', walletLedgerRoutes)
  .route('/', writes);
