/**
 * @module /2fa-qr: authenticator-app users (2FA method 4). A first pairing: the QR code, the secret
 * for manual entry, "Pair a new authenticator" (after a confirmation), and the code field. Paired:
 * the code field, and pairing again with the current second factor (a code of the authenticator or
 * an e-mailed code); nothing else shows a new seed.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare';
import { useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { Banner, BlockStack, Box, Button, Card, InlineStack, Link, Modal, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from '../../components/code-form';
import { useFeedback } from '../../components/feedback';
import { AuthCard } from '../../components/public-shell';
import { useTwoFactorNotice } from '../../components/use-two-factor-notice';
import { titleMeta } from '../../lib/meta';
import { requirePendingTwoFactor } from '../../lib/two-factor.server';
import { authenticatorAction, loadPairing } from './authenticator.server';
import { hasSeed, type Pairing, type Seed } from './pairing';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'authenticator.title');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { redirectTo } = await requirePendingTwoFactor(request, context, '/2fa-qr');
  const { pairing, error, setCookies } = await loadPairing(request, context);
  const headers = new Headers();
  for (const value of setCookies) headers.append('Set-Cookie', value);
  return data({ redirectTo, pairing, error }, { headers });
}

export const action = authenticatorAction;

function QrPairing({ pairing }: { pairing: Seed }) {
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

/** Pairing again: the current second factor (authenticator or e-mailed code) buys a new seed. */
function RepairPanel({ paired }: { paired: boolean }) {
  const { t } = useTranslation();
  const pairFetcher = useFetcher<typeof action>({ key: 'pair-new' });
  const sendFetcher = useFetcher<typeof action>({ key: 'send-code' });
  const { flash } = useFeedback();
  const [factor, setFactor] = useState('');
  useEffect(() => {
    if (sendFetcher.state === 'idle') flash(sendFetcher.data?.toast);
  }, [sendFetcher.state, sendFetcher.data, flash]);
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        {paired ? t('authRecovery.intro') : t('authRecovery.notPaired')}
      </Text>
      <InlineStack>
        <Button
          loading={sendFetcher.state !== 'idle'}
          onClick={() => sendFetcher.submit({ intent: 'send-code' }, { method: 'post' })}
        >
          {t('authRecovery.sendCode')}
        </Button>
      </InlineStack>
      <TextField
        label={t('authRecovery.factor')}
        value={factor}
        onChange={(value) => setFactor(value.replace(/\s+/g, ''))}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        error={pairFetcher.data?.factorError}
      />
      <InlineStack>
        <Button
          variant="primary"
          loading={pairFetcher.state !== 'idle'}
          disabled={factor.length === 0}
          onClick={() => pairFetcher.submit({ intent: 'pair-new', factor }, { method: 'post' })}
        >
          {t('authRecovery.submit')}
        </Button>
      </InlineStack>
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
  const [recovering, setRecovering] = useState(false);
  useTwoFactorNotice();
  useEffect(() => flash(actionData?.toast), [actionData, flash]);
  useEffect(() => {
    if (pairFetcher.state === 'idle') flash(pairFetcher.data?.toast);
  }, [pairFetcher.state, pairFetcher.data, flash]);

  const loadedPairing = loaded.pairing as Pairing | null;
  const fresh = pairFetcher.data?.pairing;
  const seed: Seed | null = hasSeed(fresh) ? fresh : hasSeed(loadedPairing) ? loadedPairing : null;
  // Only a first pairing (its seed came with the page) may be replaced without the second factor.
  const firstPairing = seed !== null && seed === loadedPairing;
  const paired = loadedPairing?.paired === true;
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
              {seed ? t('authenticator.introPair') : t('authenticator.introPaired')}
            </Text>
          </BlockStack>
          {loaded.error && !loadedPairing ? (
            <Banner tone="critical">
              <p>{loaded.error}</p>
            </Banner>
          ) : null}
          {seed ? <QrPairing pairing={seed} /> : null}
          {seed || paired ? <CodeForm serverError={actionData?.codeError} redirectTo={loaded.redirectTo} /> : null}
          {!seed && loadedPairing && (recovering || !paired) ? <RepairPanel paired={paired} /> : null}
          <InlineStack align="space-between" blockAlign="center">
            {firstPairing ? (
              <Button variant="plain" onClick={() => setConfirming(true)} loading={pairingPending}>
                {t('authenticator.pairNew')}
              </Button>
            ) : !seed && paired && !recovering ? (
              <Button variant="plain" onClick={() => setRecovering(true)}>
                {t('authRecovery.lost')}
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
