/**
 * @module Reimbursement payouts (issue 19 part 7, spec 7.12, ADR 046): the employee's own Stripe
 * Express account (created once, onboarded on Stripe's hosted page), paying an approved reimbursement
 * through Stripe (a transfer to the employee's account, then a payout to their bank; Stripe's events
 * then mark it paid or failed, payouts.webhook.ts), and the SEPA file of those paid by bank transfer.
 * Gather (store, in scope) → decide (`domain/reimbursement/payouts.ts`, `sepa-transfer.ts`) → write.
 */

import type { AppEnv } from '@api/env';
import { callerAudit } from '@api/lib/caller-audit';
import { apiError } from '@api/lib/errors';
import { requestLanguage } from '@api/lib/language';
import { callerScope } from '@api/lib/scope';
import { sessionSecret } from '@api/lib/session-cookie';
import { idempotencyKey, type Stripe } from '@api/lib/stripe';
import { stripeFailed, stripeOr503 } from '@api/lib/stripe-answers';
import { authOf } from '@api/middleware/permission';
import { decryptSecret } from '@domain/identity/secret-box';
import { planPayout } from '@domain/reimbursement/payouts';
import { buildSepaCreditTransfer, type SepaCreditTransfer } from '@domain/reimbursement/sepa-transfer';
import type { ReimbursementStatus } from '@domain/reimbursement/statuses';
import { payoutMethod, reimbursementActive, variantsInForce } from '@domain/reimbursement/variants';
import { OpenAPIHono } from '@hono/zod-openapi';
import { reimbursementPayouts } from '@i18n/areas/reimbursement-payouts';
import type { Context } from 'hono';
import { bankTransfer, createAccount, pay, refreshLink, status } from './payouts.routes';
import { toPayout, toPayoutAccount } from './payouts.schemas';
import {
  bankTransferRows,
  debtorCompany,
  deletedPayoutAccounts,
  employeeFacts,
  markBankTransferProcessed,
  markProcessed,
  payableReimbursement,
  payoutAccountOf,
  recordPayout,
  reimbursementById,
  saveNewPayoutAccount,
  undoBankTransfer,
} from './payouts.store';

type Ctx = Context<AppEnv>;
type AccountRow = NonNullable<Awaited<ReturnType<typeof payoutAccountOf>>>;

/** The employee's page: Stripe sends the browser back here (return) or asks for a new link (refresh). */
export const PAYOUT_PAGE = '/stripe-home-reimbursement';

const statusLabel = (c: Ctx, s: ReimbursementStatus) => reimbursementPayouts[requestLanguage(c)].status[s];

/** A fresh onboarding link for the employee's account, back to their page. */
function createLink(c: Ctx, stripe: Stripe, row: AccountRow) {
  const origin = new URL(c.req.url).origin;
  return stripe.accountLinks.create(
    {
      account: row.stripeAccountId,
      type: 'account_onboarding',
      return_url: `${origin}${PAYOUT_PAGE}?onboarding=return`,
      refresh_url: `${origin}${PAYOUT_PAGE}?onboarding=refresh`,
    },
    // One link per hand-out (a link is single use); the SDK's own retries reuse this key.
    { idempotencyKey: idempotencyKey('reimbursement-account-link', 'create', row.userId, crypto.randomUUID()) },
  );
}

async function handOutLink(c: Ctx, stripe: Stripe, row: AccountRow, via: 'create' | 'refresh') {
  try {
    const link = await createLink(c, stripe, row);
    return c.json({ account: toPayoutAccount(row), url: link.url }, 200);
  } catch (err) {
    return stripeFailed(c, err, 'creationFailed', `reimbursement.payout_account.${via}`, 'user', row.userId);
  }
}

/** Payouts through Stripe need reimbursement active and the payment provider flow (45) in force. */
function payoutFlowRefusal(c: Ctx, facts: Awaited<ReturnType<typeof employeeFacts>>) {
  if (!reimbursementActive(facts.settings, facts.services))
    return apiError(c, 409, 'HOME_REIMBURSEMENT_INACTIVE', 'homeReimbursementInactive');
  if (!facts.settings || !variantsInForce(facts.settings, facts.services).paymentProviderFlow)
    return apiError(c, 409, 'PAYMENT_PROVIDER_FLOW_OFF', 'reimbursementVariantNeedsService', {
      params: { setting: 45 },
    });
  return null;
}

const account = new OpenAPIHono<AppEnv>()
  .openapi(status, async (c) => {
    const { user } = authOf(c);
    const db = c.get('db');
    const [row, facts] = await Promise.all([payoutAccountOf(db, user.id), employeeFacts(db, user.id, user.companyId)]);
    const method = facts.settings ? payoutMethod(variantsInForce(facts.settings, facts.services)) : 'bank_transfer';
    return c.json(toPayoutAccount(row, method), 200);
  })
  .openapi(createAccount, async (c) => {
    const { user } = authOf(c);
    const db = c.get('db');
    const facts = await employeeFacts(db, user.id, user.companyId);
    const refusal = payoutFlowRefusal(c, facts);
    if (refusal) return refusal;
    const client = stripeOr503(c);
    if (client.error) return client.error;
    let row = await payoutAccountOf(db, user.id);
    if (!row) {
      let created: Stripe.Account;
      try {
        created = await client.stripe.accounts.create(
          {
            type: 'express',
            ...(facts.country ? { country: facts.country } : {}),
            email: user.email,
            business_type: 'individual',
            capabilities: { transfers: { requested: true } },
            // The platform pays each reimbursement out itself, right after its transfer.
            settings: { payouts: { schedule: { interval: 'manual' } } },
            metadata: { home_reimbursement_user_id: String(user.id), company_id: String(user.companyId) },
          },
          {
            idempotencyKey: idempotencyKey(
              'reimbursement-account',
              'create',
              user.id,
              await deletedPayoutAccounts(db, user.id),
            ),
          },
        );
      } catch (err) {
        return stripeFailed(c, err, 'creationFailed', 'reimbursement.payout_account.create', 'user', user.id);
      }
      row = await saveNewPayoutAccount(
        db,
        { userId: user.id, companyId: user.companyId, stripeAccountId: created.id },
        callerAudit(c, {
          action: 'reimbursement.payout_account.create',
          entity: 'user',
          entityId: user.id,
          detail: { stripeAccountId: created.id },
        }),
      );
      if (!row) throw new Error('payout account insert returned nothing');
    }
    return handOutLink(c, client.stripe, row, 'create');
  })
  .openapi(refreshLink, async (c) => {
    const { user } = authOf(c);
    const db = c.get('db');
    const row = await payoutAccountOf(db, user.id);
    if (!row) return apiError(c, 409, 'NO_PAYOUT_ACCOUNT', 'payoutAccountNotReady');
    const client = stripeOr503(c);
    if (client.error) return client.error;
    return handOutLink(c, client.stripe, row, 'refresh');
  });

const money = new OpenAPIHono<AppEnv>()
  .openapi(bankTransfer, async (c) => {
    const ids = [...new Set(c.req.valid('json').ids)];
    const db = c.get('db');
    const rows = await bankTransferRows(db, await callerScope(c), ids);
    if (rows.length !== ids.length) return apiError(c, 404, 'REIMBURSEMENT_NOT_FOUND', 'reimbursementNotFound');
    const companyIds = new Set(rows.map((x) => x.r.companyId));
    if (companyIds.size !== 1) return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'ids' });
    for (const { r } of rows) {
      if (r.payoutMethod === 'stripe') return apiError(c, 409, 'NOT_A_BANK_TRANSFER', 'notABankTransfer');
      if (r.status !== 'validated_by_manager')
        return apiError(c, 409, 'REIMBURSEMENT_TRANSITION', 'reimbursementTransition', {
          params: { from: statusLabel(c, r.status), to: statusLabel(c, 'processed') },
        });
      // A month worth nothing has no transfer to make (SEPA amounts are at least 0.01).
      if (r.value < 1) return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'ids' });
    }
    const company = await debtorCompany(db, rows[0]?.r.companyId ?? 0);
    if (!company) return apiError(c, 404, 'REIMBURSEMENT_NOT_FOUND', 'reimbursementNotFound');
    const secret = sessionSecret(c.env);
    const transfers: SepaCreditTransfer[] = await Promise.all(
      rows.map(async (x) => ({
        reimbursementId: x.r.id,
        creditorName:
          x.ibanOwner?.trim() || [x.firstName, x.lastName].filter(Boolean).join(' ').trim() || (x.email ?? ''),
        iban: x.ibanSealed ? await decryptSecret(x.ibanSealed, secret, `iban:${x.r.userId}`) : null,
        amount: x.r.value,
        currency: x.r.currency,
        period: x.r.period,
      })),
    );
    const now = new Date();
    const executionDate = new Intl.DateTimeFormat('en-CA', { timeZone: company.timeZone }).format(now);
    const file = buildSepaCreditTransfer(
      { name: company.name, bankInfo: company.bankInfo },
      transfers.sort((a, b) => a.reimbursementId - b.reimbursementId),
      { now, executionDate, companyId: company.id },
    );
    if ('error' in file) {
      switch (file.error) {
        case 'ibanMissing':
          return apiError(c, 409, 'IBAN_MISSING', 'ibanMissing', {
            field: 'ids',
            params: { name: file.names.join(', ') },
          });
        case 'companyIbanMissing':
          return apiError(c, 409, 'COMPANY_IBAN_MISSING', 'companyIbanMissing');
        case 'bankTransferCurrency':
          return apiError(c, 409, 'BANK_TRANSFER_CURRENCY', 'bankTransferCurrency');
        default:
          return apiError(c, 400, 'VALIDATION_FAILED', 'validation', { field: 'ids' });
      }
    }
    const { user } = authOf(c);
    const note = `bank transfer file ${file.messageId}`;
    const won = await markBankTransferProcessed(db, ids, note, user.id, (id) =>
      callerAudit(c, {
        action: 'reimbursement.bank_transfer',
        entity: 'reimbursement',
        entityId: id,
        detail: { messageId: file.messageId },
      }),
    );
    if (won.length !== ids.length) {
      // Another manager moved one meanwhile: no file goes out, the others are put back.
      await undoBankTransfer(db, won, user.id);
      return apiError(c, 409, 'REIMBURSEMENT_CHANGED', 'reimbursementChanged');
    }
    return c.body(file.xml, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${file.messageId}.xml"`,
    });
  })
  .openapi(pay, async (c) => {
    const id = c.req.valid('param').reimbursementId;
    const db = c.get('db');
    const found = await payableReimbursement(db, await callerScope(c), id);
    if (!found) return apiError(c, 404, 'REIMBURSEMENT_NOT_FOUND', 'reimbursementNotFound');
    const { r, account: payoutAccount } = found;
    const plan = planPayout(r, payoutAccount, found.failedAttempts);
    if ('error' in plan) {
      switch (plan.error) {
        case 'notAStripePayout':
          return apiError(c, 409, 'NOT_A_STRIPE_PAYOUT', 'notAStripePayout');
        case 'accountNotReady':
          return apiError(c, 409, 'PAYOUT_ACCOUNT_NOT_READY', 'payoutAccountNotReady');
        case 'nothingToPay':
          return apiError(c, 409, 'NOTHING_TO_PAY', 'validation');
        case 'transition':
          return apiError(c, 409, 'REIMBURSEMENT_TRANSITION', 'reimbursementTransition', {
            params: { from: statusLabel(c, plan.from), to: statusLabel(c, 'processed') },
          });
      }
    }
    const destination = payoutAccount?.stripeAccountId ?? '';
    const client = stripeOr503(c);
    if (client.error) return client.error;
    const metadata = { reimbursement_id: String(r.id), attempt: String(plan.attempt) };
    const currency = r.currency.toLowerCase();
    const description = `Home charging ${r.period}`;
    let transferId = r.stripeTransferId;
    if (plan.transfer) {
      try {
        const transfer = await client.stripe.transfers.create(
          { amount: r.value, currency, destination, metadata, transfer_group: `HR-${r.id}`, description },
          { idempotencyKey: idempotencyKey('reimbursement-transfer', 'create', r.id, plan.attempt) },
        );
        transferId = transfer.id;
      } catch (err) {
        return stripeFailed(c, err, 'creationFailed', 'reimbursement.transfer', 'reimbursement', r.id);
      }
    }
    const { user } = authOf(c);
    if (plan.from !== 'processed') {
      const moved = await markProcessed(
        db,
        r.id,
        { from: plan.from, transferId: transferId ?? '', note: `transfer ${transferId} (attempt ${plan.attempt})` },
        user.id,
        callerAudit(c, {
          action: 'reimbursement.payout',
          entity: 'reimbursement',
          entityId: r.id,
          detail: { transferId, attempt: plan.attempt },
        }),
      );
      // The same attempt's key made the same transfer: the other click already recorded it.
      if (!moved) return apiError(c, 409, 'REIMBURSEMENT_CHANGED', 'reimbursementChanged');
    }
    try {
      const payout = await client.stripe.payouts.create(
        { amount: r.value, currency, metadata, description },
        {
          stripeAccount: destination,
          idempotencyKey: idempotencyKey('reimbursement-payout', 'create', r.id, plan.attempt),
        },
      );
      await recordPayout(db, r.id, payout.id);
    } catch (err) {
      // Processed with its transfer and no payout: paying again resumes with the same keys.
      return stripeFailed(c, err, 'creationFailed', 'reimbursement.payout', 'reimbursement', r.id);
    }
    const fresh = await reimbursementById(db, r.id);
    return c.json(toPayout(fresh ?? r), 200);
  });

export const reimbursementPayoutRoutes = new OpenAPIHono<AppEnv>().route('/', account).route('/', money);
