/**
 * @module The status change of one reimbursement from a form (the detail page's action and the employee's
 * /my-reimbursements resource route): the typed extra expense to minor units, then PUT /reimbursement/{id};
 * the API decides who may make which move, so this only reports its answer.
 */
import { isStatus } from '@domain/reimbursement/statuses';
import { parseSignedMinor } from '@domain/wallets/money-input';
import type { AppLoadContext } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { createApi } from '../../lib/api.server';
import { forbidden, type Me } from '../../lib/session.server';
import type { StatusAnswer } from './reimbursement-actions';

const refused = (status: number, body: Omit<StatusAnswer, 'intent' | 'ok'>) =>
  data<StatusAnswer>({ intent: 'status', ok: false, ...body }, { status });

export async function changeStatusFromForm(request: Request, context: AppLoadContext, me: Me, form: FormData) {
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const id = Number(text('reimbursementId'));
  const status = text('status');
  const expectedStatus = text('expectedStatus');
  if (!Number.isInteger(id) || id <= 0 || !isStatus(status) || !isStatus(expectedStatus))
    return refused(404, { error: 'reimbursements.notFound', key: true });
  let extraExpense: number | undefined;
  if (form.has('extraExpense') && text('extraExpense') !== '') {
    const minor = parseSignedMinor(text('extraExpense'), text('currency') || 'EUR');
    if (minor === null || minor < 0)
      return refused(400, { field: 'extraExpense', error: 'reimbursements.extraExpenseInvalid', key: true });
    extraExpense = minor;
  }
  if (status === 'rejected' && !text('note'))
    return refused(400, { field: 'note', error: 'reimbursements.noteRequired', key: true });
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.reimbursement[':reimbursementId'].$put({
      param: { reimbursementId: String(id) },
      json: {
        status,
        expectedStatus,
        ...(text('note') ? { note: text('note') } : {}),
        ...(extraExpense !== undefined ? { extraExpense } : {}),
        ...(form.has('extraExpenseNote') && text('extraExpenseNote')
          ? { extraExpenseNote: text('extraExpenseNote') }
          : {}),
      },
    }),
  );
  if (result.ok) return data<StatusAnswer>({ intent: 'status', ok: true, status: result.data.status });
  if (result.status === 403) forbidden(me, result.error['error-msg']);
  return refused(result.status, { field: result.error.field ?? null, error: result.error['error-msg'] });
}
