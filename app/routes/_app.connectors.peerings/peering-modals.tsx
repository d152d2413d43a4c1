/** @module The peerings screen's modals: add a partner, invite one (token A shown once), and the suspend / unregister confirmation. */
import { Form, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Modal, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type FieldError = { text: string; field?: string };

function Field(props: { name: string; label: string; error?: FieldError; maxLength: number; type?: 'url' }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      label={props.label}
      name={props.name}
      value={value}
      onChange={setValue}
      autoComplete="off"
      maxLength={props.maxLength}
      type={props.type}
      error={props.error?.field === props.name ? props.error.text : undefined}
    />
  );
}

/** Add (we register with the partner) or invite (the partner registers with us). */
export function PeeringFormModal(props: { mode: 'create' | 'invite'; onClose: () => void; error?: FieldError }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const formId = `peering-${props.mode}`;
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t(props.mode === 'create' ? 'peerings.add' : 'peerings.invite')}
      primaryAction={{
        content: t(props.mode === 'create' ? 'peerings.save' : 'peerings.inviteSave'),
        loading: busy,
        onAction: () => (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit(),
      }}
      secondaryActions={[{ content: t('peerings.cancel'), onAction: props.onClose }]}
    >
      <Form method="post" id={formId}>
        <Modal.Section>
          <BlockStack gap="300">
            {props.error && !props.error.field ? <Banner tone="critical">{props.error.text}</Banner> : null}
            <input type="hidden" name="intent" value={props.mode} />
            <Field name="name" label={t('peerings.fName')} maxLength={100} error={props.error} />
            {props.mode === 'create' ? (
              <>
                <Field
                  name="versions_url"
                  label={t('peerings.fVersionsUrl')}
                  maxLength={255}
                  type="url"
                  error={props.error}
                />
                <Field name="token_a" label={t('peerings.fTokenA')} maxLength={64} error={props.error} />
              </>
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Form>
    </Modal>
  );
}

/** The token A of an invitation, shown once, with our versions URL. */
export function InvitationModal(props: { token_a: string; versions_url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('peerings.tokenTitle')}
      primaryAction={{ content: t('peerings.done'), onAction: props.onClose }}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Banner tone="warning">{t('peerings.tokenBody')}</Banner>
          <Text as="p">
            {t('peerings.versionsUrl')}: <code>{props.versions_url}</code>
          </Text>
          <Text as="p">
            {t('peerings.tokenA')}: <code data-testid="token-a">{props.token_a}</code>
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

export function ConfirmPeeringModal(props: {
  intent: 'suspend' | 'unregister';
  name: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const action = t(props.intent === 'suspend' ? 'peerings.suspend' : 'peerings.unregister');
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('peerings.confirmTitle', { action, name: props.name })}
      primaryAction={{ content: action, destructive: true, onAction: props.onConfirm }}
      secondaryActions={[{ content: t('peerings.cancel'), onAction: props.onClose }]}
    >
      <Modal.Section>
        <Text as="p">{t(props.intent === 'suspend' ? 'peerings.confirmSuspend' : 'peerings.confirmUnregister')}</Text>
      </Modal.Section>
    </Modal>
  );
}
