/**
 * @module /pay/{evseId}: the page a driver reaches by scanning the QR code on a connector (issue 18
 * part 4). No login, phone-first: station, connector, live availability, the QR payment's driver
 * prices only (spec 9), the amount held on the card, an e-mail for the receipt, and "Pay and charge",
 * which goes to the card step. Every refusal (unknown, disabled, offline, busy, out of service) is
 * said plainly instead of the form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data, redirect } from '@remix-run/cloudflare';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Badge, Banner, BlockStack, Button, Card, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../components/public-shell';
import { localeFor } from '../../i18n/i18n.server';
import { tKey } from '../../i18n/resources';
import { createApi } from '../../lib/api.server';
import { formatMoney, formatUnitPrice } from '../../lib/format';
import { titleMeta } from '../../lib/meta';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'qrPay.title');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BUSY = ['charging', 'finishing', 'suspended_ev', 'suspended_evse', 'reserved'];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = createApi(request, context);
  const evseId = params.evseId ?? '';
  const res = await api.send(api.client.api.pay.connectors[':evseId'].$get({ param: { evseId } }));
  if (res.ok) return data({ offer: res.data, problem: null as string | null });
  const problem = res.status === 429 ? 'TOO_MANY' : 'NOT_FOUND';
  return data({ offer: null, problem }, { status: res.status === 429 ? 429 : 404 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  if (email && !EMAIL.test(email)) return data({ emailError: true, problem: null }, { status: 400 });
  const language = await localeFor(request, context);
  const api = createApi(request, context, { language });
  const res = await api.send(
    api.client.api.pay.connectors[':evseId'].$post({
      param: { evseId: params.evseId ?? '' },
      json: { email, language, return_url: `${new URL(request.url).origin}/pay/status` },
    }),
  );
  if (res.ok) return redirect(res.data.card_url);
  const problem =
    res.status === 409
      ? (res.error.field ?? 'CONNECTOR_UNAVAILABLE')
      : res.status === 429
        ? 'TOO_MANY'
        : res.status === 400
          ? 'EMAIL'
          : res.status === 404
            ? 'NOT_FOUND'
            : 'PAYMENT_UNAVAILABLE';
  return data(
    { emailError: problem === 'EMAIL', problem: problem === 'EMAIL' ? null : problem },
    { status: res.status },
  );
}

function availability(status: string): 'available' | 'busy' | 'unavailable' | 'offline' {
  if (status === 'available' || status === 'preparing') return 'available';
  if (BUSY.includes(status)) return 'busy';
  if (status === 'offline' || status === 'unknown') return 'offline';
  return 'unavailable';
}

export default function PayAtConnector() {
  const { t } = useTranslation();
  const { offer, problem: loadProblem } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [email, setEmail] = useState('');
  const problem = actionData?.problem ?? offer?.refusal ?? loadProblem;
  const state = offer ? availability(offer.status) : null;
  const unitKey = {
    ENERGY: 'priceEnergy',
    TIME: 'priceTime',
    FLAT: 'priceFlat',
    PARKING_TIME: 'priceParking',
  } as const;
  return (
    <AuthCard>
      <Card>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {t('qrPay.title')}
          </Text>
          {offer ? (
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {offer.station_name}
              </Text>
              <Text as="p" tone="subdued">
                {[offer.address, offer.city].filter(Boolean).join(', ')}
              </Text>
              <Text as="p">{t('qrPay.operator', { name: offer.operator })}</Text>
              <Text as="p">
                {t('qrPay.connector', { number: offer.connector_number })} · {offer.evse_id}
                {offer.plug_type ? ` · ${offer.plug_type}` : ''}
              </Text>
              {state ? (
                <p>
                  {t('qrPay.availability')}:{' '}
                  <Badge tone={state === 'available' ? 'success' : state === 'busy' ? 'attention' : 'critical'}>
                    {t(`qrPay.state.${state}`)}
                  </Badge>
                </p>
              ) : null}
            </BlockStack>
          ) : null}
          {problem ? (
            <Banner tone="critical">
              <p>{tKey(t, `qrPay.refusal.${problem}`)}</p>
            </Banner>
          ) : null}
          {offer && !offer.refusal ? (
            <BlockStack gap="300">
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  {t('qrPay.price')}
                </Text>
                {offer.prices.map((line) => (
                  <Text as="p" key={`${line.type}-${line.price_incl_vat}-${line.restricted}`}>
                    {t(`qrPay.${unitKey[line.type]}`, { price: formatUnitPrice(line.price_incl_vat, offer.currency) })}
                    {line.restricted ? ' *' : ''}
                  </Text>
                ))}
                {offer.prices.some((l) => l.restricted) ? (
                  <Text as="p" tone="subdued">
                    * {t('qrPay.priceVaries')}
                  </Text>
                ) : null}
              </BlockStack>
              {offer.hold_amount !== null ? (
                <BlockStack gap="100">
                  <Text as="p" variant="headingSm">
                    {t('qrPay.hold')}: {formatMoney(offer.hold_amount, offer.currency)}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t('qrPay.holdNote')}
                  </Text>
                </BlockStack>
              ) : null}
              <Form method="post" noValidate>
                <BlockStack gap="300">
                  <TextField
                    label={t('qrPay.email')}
                    name="email"
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={setEmail}
                    error={actionData?.emailError ? t('qrPay.emailInvalid') : undefined}
                  />
                  <Button submit variant="primary" size="large" fullWidth loading={navigation.state !== 'idle'}>
                    {t('qrPay.submit')}
                  </Button>
                </BlockStack>
              </Form>
            </BlockStack>
          ) : null}
        </BlockStack>
      </Card>
    </AuthCard>
  );
}
