/**
 * @module Who the caller is to a home-reimbursement tariff (reach, may write, actions), the tariff's answer, and the refusals the tariffs handlers answer with.
 */

import type { AppEnv } from '@api/env';
import { apiError } from '@api/lib/errors';
import { requestLanguage } from '@api/lib/language';
import { authOf } from '@api/middleware/permission';
import { can } from '@domain/permissions/permissions';
import { mayDelete, mayReject, type Refusal, type Validity, validityProblem } from '@domain/reimbursement/tariffs';
import { documentsOptional, variantsInForce } from '@domain/reimbursement/variants';
import { translate } from '@i18n/messages';
import type { Context } from 'hono';
import { type Tariff, type TariffRow, toTariff } from './tariffs.schemas';
import { type Reach, type tariffSubject, usableContract } from './tariffs.store';

export type Ctx = Context<AppEnv>;

export interface Caller {
  userId: number;
  scope: readonly number[];
  /** A manager (`fleet:home-reimbursement`): reads the tariffs of the companies in scope. */
  canView: boolean;
  /** May change other employees' tariffs and approve or reject. */
  canManage: boolean;
}

export function callerOf(c: Ctx): Caller {
  const { user, access, scope } = authOf(c);
  return {
    userId: user.id,
    scope,
    canView: can(access, 'fleet:home-reimbursement'),
    canManage: can(access, 'fleet:home-reimbursement:manage'),
  };
}

export const readReach = (k: Caller): Reach => (k.canView ? { companies: k.scope } : { userId: k.userId });
/** Whose tariffs the caller may submit or change: a manager who may manage, their scope; else their own. */
export const writeReach = (k: Caller): Reach => (k.canManage ? { companies: k.scope } : { userId: k.userId });

export function mayWrite(k: Caller, t: TariffRow['tariff']) {
  return t.userId === k.userId || (k.canManage && k.scope.includes(t.companyId));
}

function actionsFor(k: Caller, t: TariffRow['tariff']): Tariff['actions'] {
  const pending = t.status === 'pending';
  const manages = k.canManage && k.scope.includes(t.companyId);
  return {
    edit: pending && mayWrite(k, t),
    delete: pending && mayDelete(t) && mayWrite(k, t),
    approve: pending && manages,
    reject: pending && mayReject(t) && manages,
  };
}

export const answer = (k: Caller, row: TariffRow) => toTariff(row, actionsFor(k, row.tariff));

export const notFound = (c: Ctx) => apiError(c, 404, 'REIMBURSEMENT_TARIFF_NOT_FOUND', 'reimbursementTariffNotFound');
export const notPending = (c: Ctx) =>
  apiError(c, 409, 'REIMBURSEMENT_TARIFF_NOT_PENDING', 'reimbursementTariffNotPending');
export const pendingExists = (c: Ctx) =>
  apiError(c, 409, 'REIMBURSEMENT_TARIFF_PENDING', 'reimbursementTariffPending', { field: 'validFrom' });

export function refused(c: Ctx, r: Refusal) {
  switch (r.reason) {
    case 'pending':
      return pendingExists(c);
    case 'not_pending':
      return notPending(c);
    case 'overlap':
      return apiError(c, 409, 'REIMBURSEMENT_TARIFF_OVERLAP', 'reimbursementTariffOverlap', {
        field: 'validFrom',
        params: {
          id: r.tariff.id,
          from: r.tariff.validFrom,
          to: r.tariff.validTo ?? translate(requestLanguage(c), 'reimbursementTariffOpenEnd'),
        },
      });
  }
}

export function invalidValidity(c: Ctx, v: Validity) {
  const problem = validityProblem(v);
  if (problem === null) return null;
  if (problem === 'order')
    return apiError(c, 400, 'VALIDATION_FAILED', 'reimbursementTariffDateOrder', { field: 'validTo' });
  return apiError(c, 400, 'VALIDATION_FAILED', 'tariffDateInvalid', { field: problem });
}

export type Subject = NonNullable<Awaited<ReturnType<typeof tariffSubject>>>;

/**
 * The power contract a tariff names: it must be the employee's, approved or awaiting review. When the
 * employee submits it themself and the company needs documents (ADR 046: not skipped, not waived for
 * them), naming one is required. Null when the document is fine.
 */
export async function documentProblem(c: Ctx, k: Caller, subject: Subject, documentId: number | null) {
  const db = c.get('db');
  if (documentId !== null) {
    if (await usableContract(db, subject.id, documentId)) return null;
    return apiError(c, 400, 'VALIDATION_FAILED', 'reimbursementTariffDocumentInvalid', { field: 'documentId' });
  }
  const variants = variantsInForce(
    subject.settings ?? {
      contractApproval: false,
      paymentProviderFlow: false,
      offlineStationProcess: false,
      skipDocumentUpload: false,
      fleetRuleSet: false,
    },
    subject.services,
  );
  if (subject.id === k.userId && !documentsOptional(subject, variants))
    return apiError(c, 400, 'VALIDATION_FAILED', 'reimbursementTariffDocumentRequired', { field: 'documentId' });
  return null;
}
