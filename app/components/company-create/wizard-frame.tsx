/**
 * @module The frame of the four creation steps: title and progress, the step's form with its intent
 * (next, back, create), the error banner, and the confirmation before "Create".
 */
import { Form, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Modal, Page, Text } from '@shopify/polaris';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

const TITLES = [
  'companyCreate.stepGeneral',
  'companyCreate.stepType',
  'companyCreate.stepAdmin',
  'companyCreate.stepReview',
] as const;

export function WizardFrame(props: {
  n: 1 | 2 | 3 | 4;
  /** The refusal that names no field of this step, shown above it. */
  banner?: string;
  /** Step 4: the confirmation text of the modal. */
  confirm?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const go = (intent: 'next' | 'back' | 'create') => {
    const f = form.current;
    if (!f) return;
    (f.elements.namedItem('intent') as HTMLInputElement).value = intent;
    f.requestSubmit();
  };
  const busy = navigation.state !== 'idle';
  return (
    <Page
      title={t('companyCreate.title')}
      subtitle={`${t('companyCreate.step', { n: props.n })}: ${tKey(t, TITLES[props.n - 1] ?? '')}`}
    >
      <Form method="post" ref={form}>
        <input type="hidden" name="intent" defaultValue={props.n === 4 ? 'create' : 'next'} />
        <BlockStack gap="400">
          {props.banner ? <Banner tone="critical">{props.banner}</Banner> : null}
          {props.children}
          <Card>
            <InlineStack align="space-between">
              {props.n > 1 ? (
                <Button onClick={() => go('back')} disabled={busy}>
                  {t('companyCreate.back')}
                </Button>
              ) : (
                <span />
              )}
              {props.n < 4 ? (
                <Button variant="primary" onClick={() => go('next')} loading={busy}>
                  {t('companyCreate.next')}
                </Button>
              ) : (
                <Button variant="primary" onClick={() => setConfirming(true)} loading={busy}>
                  {t('companyCreate.create')}
                </Button>
              )}
            </InlineStack>
          </Card>
        </BlockStack>
      </Form>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('companyCreate.confirmTitle')}
        primaryAction={{
          content: t('companyCreate.create'),
          loading: busy,
          onAction: () => {
            setConfirming(false);
            go('create');
          },
        }}
        secondaryActions={[{ content: t('companyCreate.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{props.confirm}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
