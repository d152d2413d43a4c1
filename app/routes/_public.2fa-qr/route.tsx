/**
 * @module /2fa-qr: authenticator-app users (2FA method 4). Not paired yet: the QR code, the secret
 * for manual entry, "Pair a new authenticator" (after a confirmation), and the code field. Paired:
 * just the code field.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Box, Button, Card, InlineStack, Link, Modal, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from '../../components/code-form';
import { useFeedback } from '../../components/feedback';
import { AuthCard } from '../../components/public-shell';
import { useTwoFactorNotice } from '../../components/use-two-factor-notice';
import { titleMeta } from '../../lib/meta';
import { requirePendingTwoFactor } from '../../lib/two-factor.server';
import { authenticatorAction, loadPairing, type Pairing } from './authenticator.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'authenticator.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { redirectTo } = await requirePendingTwoFactor(request, context, '/2fa-qr');
  const { pairing, error, setCookies } = await loadPairing(request, context);
  const headers = new Headers();
  for (const value of setCookies) headers.append('Set-Cookie', value);
  return data({ redirectTo, pairing, error }, { headers });
}

export const action = authenticatorAction;

function QrPairing({ pairing }: { pairing: Extract<Pairing, { paired: false }> }) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="300" inlineAlign="center">
      <Box background="bg-surface" padding="200" borderRadius="200" borderWidth="025" borderColor="border">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pairing.qrSvg)}`}
          alt={t('authenticator.qrAlt')}
          width={208}
          height={208}
          style={{ display: 'block', background: '#fff' }}
        />
      </Box>
      <BlockStack gap="100" inlineAlign="center">
        <Text as="p" tone="subdued" alignment="center">
          {t('authenticator.manualEntry')}
        </Text>
        <Text as="p" variant="headingMd" alignment="center" breakWord>
          <span
            title={t('authenticator.secret')}
            style={{ fontFamily: 'ui-monospace, monospace', letterSpacing: '0.08em' }}
          >
            {pairing.secret.replace(/(.{4})/g, '$1 ').trim()}
          </span>
        </Text>
      </BlockStack>
    </BlockStack>
  );
}

export default function AuthenticatorPairing() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pairFetcher = useFetcher<typeof action>({ key: 'pair-new' });
  const { flash } = useFeedback();
  const [confirming, setConfirming] = useState(false);
  useTwoFactorNotice();
  useEffect(() => flash(actionData?.toast), [actionData, flash]);
  useEffect(() => {
    if (pairFetcher.state === 'idle') flash(pairFetcher.data?.toast);
  }, [pairFetcher.state, pairFetcher.data, flash]);

  const pairing: Pairing | null = pairFetcher.data?.pairing ?? loaded.pairing;
  const pairingPending = pairFetcher.state !== 'idle';

  return (
    <AuthCard>
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h1" variant="headingXl">
              {t('authenticator.title')}
            </Text>
            <Text as="p" tone="subdued">
              {pairing && !pairing.paired ? t('authenticator.introPair') : t('authenticator.introPaired')}
            </Text>
          </BlockStack>
          {loaded.error && !pairing ? (
            <Banner tone="critical">
              <p>{loaded.error}</p>
            </Banner>
          ) : null}
          {pairing && !pairing.paired ? <QrPairing pairing={pairing} /> : null}
          <CodeForm serverError={actionData?.codeError} redirectTo={loaded.redirectTo} />
          <InlineStack align="space-between" blockAlign="center">
            {pairing && !pairing.paired ? (
              <Button variant="plain" onClick={() => setConfirming(true)} loading={pairingPending}>
                {t('authenticator.pairNew')}
              </Button>
            ) : (
              <span />
            )}
            <Link url="/login">{t('common.backToLogin')}</Link>
          </InlineStack>
        </BlockStack>
      </Card>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('authenticator.confirmTitle')}
        primaryAction={{
          content: t('authenticator.confirmAction'),
          destructive: true,
          loading: pairingPending,
          onAction: () => {
            setConfirming(false);
            pairFetcher.submit({ intent: 'pair-new' }, { method: 'post' });
          },
        }}
        secondaryActions={[{ content: t('common.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('authenticator.confirmBody')}</Text>
        </Modal.Section>
      </Modal>
    </AuthCard>
  );
}
