/**
 * @module POST /top-up/{walletId}/start (issue 18 part 2): the top-up modal's action. The typed amount
 * (the currency's decimals, domain/wallets/money-input.ts) goes to the API's POST
 * /wallet/{walletId}/top-ups; on success the browser is sent on to Stripe Checkout's page, otherwise the
 * API's reason comes back beside the amount field. `wallets:top-up`; the API narrows it to the wallets
 * the caller may top up (404 otherwise).
 */
import { currencyDecimals, parseSignedMinor } from '@domain/wallets/money-input';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { createApi } from '../lib/api.server';
import { fleetId } from '../lib/fleet.server';
import { forbidden, requirePermission } from '../lib/session.server';

export interface TopUpActionData {
  ok: false;
  field: string | null;
  /** The API's translated message, or an i18n key when `key` is set. */
  error: string;
  key?: boolean;
  digits?: number;
}

/** No page here (the modal POSTs): a GET, with any id, finds a missing page, like a malformed id everywhere. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const walletId = String(fleetId(params.walletId));
  const me = await requirePermission(request, context, 'wallets:top-up');
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const currency = text('currency');
  const returnTo = text('returnTo') === 'my-transactions' ? 'my-transactions' : 'wallet';
  const amount = parseSignedMinor(text('amount'), currency);
  if (amount === null || amount <= 0)
    return data<TopUpActionData>(
      {
        ok: false,
        field: 'amount',
        error: 'walletTopUps.amountInvalid',
        key: true,
        digits: currencyDecimals(currency),
      },
      { status: 400 },
    );
  const api = createApi(request, context, { language: me.user.language });
  const result = await api.send(
    api.client.api.wallet[':walletId']['top-ups'].$post({ param: { walletId }, json: { amount, returnTo } }),
  );
  if (!result.ok) {
    if (result.status === 403) forbidden(me, result.error['error-msg']);
    return data<TopUpActionData>(
      { ok: false, field: result.error.field ?? null, error: result.error['error-msg'] },
      { status: result.status, headers: api.headers() },
    );
  }
  // Stripe Checkout's page (another origin): Remix sends the browser there with a full navigation.
  return redirect(result.data.checkoutUrl, { headers: api.headers() });
}
