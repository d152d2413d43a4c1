/** @module The API keys screen's modals: the create form, the secret shown once, and the rotate / revoke confirmation. */
import { Form, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Checkbox, ChoiceList, Modal, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CreateKeyModal(props: {
  open: boolean;
  onClose: () => void;
  companies: { id: number; name: string }[];
  permissions: string[];
  error?: { text: string; field?: string };
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [name, setName] = useState('');
  const [company, setCompany] = useState(String(props.companies[0]?.id ?? ''));
  const [scope, setScope] = useState<'read' | 'permissions'>('read');
  const [chosen, setChosen] = useState<string[]>([]);
  const fieldError = (field: string) => (props.error?.field === field ? props.error.text : undefined);
  const toggle = (p: string, on: boolean) => setChosen((list) => (on ? [...list, p] : list.filter((x) => x !== p)));
  return (
    <Modal open={props.open} onClose={props.onClose} title={t('apiKeys.create')}>
      <Form method="post">
        <Modal.Section>
          <BlockStack gap="300">
            {props.error && !props.error.field ? <Banner tone="critical">{props.error.text}</Banner> : null}
            <input type="hidden" name="intent" value="create" />
            <TextField
              label={t('apiKeys.fName')}
              name="name"
              value={name}
              onChange={setName}
              autoComplete="off"
              maxLength={100}
              error={fieldError('name')}
            />
            {props.companies.length > 1 ? (
              <Select
                label={t('apiKeys.fCompany')}
                options={props.companies.map((c) => ({ label: c.name, value: String(c.id) }))}
                value={company}
                onChange={setCompany}
                error={fieldError('company_id')}
              />
            ) : null}
            <ChoiceList
              title={t('apiKeys.fScope')}
              choices={[
                { label: t('apiKeys.fScopeRead'), value: 'read' },
                { label: t('apiKeys.fScopePermissions'), value: 'permissions' },
              ]}
              selected={[scope]}
              onChange={([v]) => setScope(v === 'permissions' ? 'permissions' : 'read')}
            />
            <input type="hidden" name="scope" value={scope} />
            {props.companies.length > 1 ? <input type="hidden" name="company_id" value={company} /> : null}
            {scope === 'permissions' ? (
              <BlockStack gap="100">
                <Text as="h3" variant="headingSm">
                  {t('apiKeys.fPermissions')}
                </Text>
                {fieldError('permissions') ? (
                  <Text as="p" tone="critical">
                    {fieldError('permissions')}
                  </Text>
                ) : null}
                {props.permissions.map((p) => (
                  <Checkbox key={p} label={p} checked={chosen.includes(p)} onChange={(on) => toggle(p, on)} />
                ))}
                {chosen.map((p) => (
                  <input key={p} type="hidden" name="permissions" value={p} />
                ))}
              </BlockStack>
            ) : null}
          </BlockStack>
        </Modal.Section>
        <Modal.Section>
          <BlockStack inlineAlign="end">
            <Button submit variant="primary" loading={busy}>
              {t('apiKeys.save')}
            </Button>
          </BlockStack>
        </Modal.Section>
      </Form>
    </Modal>
  );
}

/** The secret of a key just created or rotated: the only time it is shown. */
export function SecretModal(props: { secret: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(props.secret);
    setCopied(true);
  };
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t('apiKeys.secretTitle')}
      primaryAction={{ content: t('apiKeys.done'), onAction: props.onClose }}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <Banner tone="warning">{t('apiKeys.secretBody')}</Banner>
          <TextField label={props.name} value={props.secret} readOnly autoComplete="off" monospaced />
          <div>
            <Button onClick={copy}>{copied ? t('apiKeys.copied') : t('apiKeys.copy')}</Button>
          </div>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

/** Rotate or revoke one key, after a confirmation. */
export function ConfirmKeyModal(props: {
  intent: 'rotate' | 'revoke';
  id: number;
  name: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const revoke = props.intent === 'revoke';
  return (
    <Modal
      open
      onClose={props.onClose}
      title={t(revoke ? 'apiKeys.revokeTitle' : 'apiKeys.rotateTitle', { name: props.name })}
      primaryAction={{
        content: t(revoke ? 'apiKeys.revoke' : 'apiKeys.rotate'),
        destructive: revoke,
        loading: busy,
        onAction: props.onConfirm,
      }}
      secondaryActions={[{ content: t('apiKeys.cancel'), onAction: props.onClose }]}
    >
      <Modal.Section>
        <Text as="p">{t(revoke ? 'apiKeys.revokeBody' : 'apiKeys.rotateBody')}</Text>
      </Modal.Section>
    </Modal>
  );
}
