/**
 * @module The wallet page's loader and action: the wallet with its balance and a page of its ledger; saving
 * the settings (PUT), a manual adjustment (POST …/adjustments, written once per form reference) and the
 * delete (DELETE, refused by the API while the balance is not 0).
 */

import { currencyDecimals, parseSignedMinor } from '@domain/wallets/money-input';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { LEDGER_PAGE_SIZE } from '../../components/wallets/wallet-labels';
import { createApi } from '../../lib/api.server';
import { writeToast } from '../../lib/cookies.server';
import { fleetId, must } from '../../lib/fleet.server';
import { pageNumber } from '../../lib/list-url';
import { forbidden, requirePermission } from '../../lib/session.server';
import { flash } from '../../lib/toast';

const ledgerPage = pageNumber(100_000);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const walletId = String(fleetId(params.walletId));
  const me = await requirePermission(request, context, 'wallets:view');
  const page = ledgerPage.read(new URL(request.url).searchParams, 'page');
  const api = createApi(request, context, { language: me.user.language });
  const wallet = api.client.api.wallet[':walletId'];
  const [found, entries] = await Promise.all([
    api.send(wallet.$get({ param: { walletId } })),
    api.send(
      wallet.entries.$get({
        param: { walletId },
        query: { page: String(page), itemsPerPage: String(LEDGER_PAGE_SIZE) },
      }),
    ),
  ]);
  return {
    wallet: must(found, me),
    entries: must(entries, me),
    page,
    canManage: me.permissions.includes('wallets:manage'),
    canTopUp: me.permissions.includes('wallets:top-up'),
    back: me.permissions.includes('wallets:manage') ? '/wallet' : `/wallet/company/${me.company.id}`,
  };
}

export interface WalletActionData {
  intent: string;
  ok: boolean;
  field?: string | null;
  /** The API's translated message, or an i18n key with `key` set. */
  error?: string;
  key?: boolean;
  digits?: number;
  inserted?: boolean;
}

const refusal = (intent: string, status: number, body: Omit<WalletActionData, 'intent' | 'ok'>) =>
  data<WalletActionData>({ intent, ok: false, ...body }, { status });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const walletId = String(fleetId(params.walletId));
  const me = await requirePermission(request, context, 'wallets:manage');
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const intent = text('intent');
  const currency = text('currency');
  const api = createApi(request, context, { language: me.user.language });
  const wallet = api.client.api.wallet[':walletId'];
  const param = { walletId };
  const fail = (result: { status: number; error: { field?: string; 'error-msg': string } }) => {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return refusal(intent, result.status, { field: result.error.field ?? null, error: result.error['error-msg'] });
  };

  if (intent === 'adjust') {
    const amount = parseSignedMinor(text('amount'), currency);
    if (amount === null || amount === 0)
      return refusal(intent, 400, {
        field: 'amount',
        error: 'wallets.amountInvalid',
        key: true,
        digits: currencyDecimals(currency),
      });
    const result = await api.send(
      wallet.adjustments.$post({ param, json: { amount, reason: text('reason'), reference: text('reference') } }),
    );
    if (!result.ok) return fail(result);
    return { intent, ok: true, inserted: result.data.inserted } satisfies WalletActionData;
  }

  if (intent === 'save') {
    const money = (key: string) => (text(key) ? parseSignedMinor(text(key), currency) : null);
    const threshold = money('autoRechargeThreshold');
    const amount = money('autoRechargeAmount');
    for (const [key, value] of [
      ['autoRechargeThreshold', threshold],
      ['autoRechargeAmount', amount],
    ] as const)
      if (text(key) && value === null)
        return refusal(intent, 400, {
          field: key,
          error: 'wallets.amountInvalid',
          key: true,
          digits: currencyDecimals(currency),
        });
    const result = await api.send(
      wallet.$put({
        param,
        json: { name: text('name'), autoRechargeThreshold: threshold, autoRechargeAmount: amount },
      }),
    );
    if (!result.ok) return fail(result);
    return { intent, ok: true } satisfies WalletActionData;
  }

  if (intent === 'delete') {
    const result = await api.send(wallet.$delete({ param }));
    if (!result.ok) return fail(result);
    return redirect(`/wallet/company/${result.data.companyId}`, {
      headers: api.headers(await writeToast(request, flash('wallets.deleted'))),
    });
  }
  return refusal(intent, 400, { error: 'Unknown action' });
}
