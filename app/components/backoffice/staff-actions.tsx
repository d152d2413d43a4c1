/**
 * @module The irreversible or access-changing actions on a back-office staff member, each behind a
 * confirmation: remove from the back office, delete (soft), restore, and permanent deletion of a deleted
 * member after typing their e-mail address.
 */
import { useNavigation, useSubmit } from '@remix-run/react';
import { BlockStack, Button, Card, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type StaffIntent = 'remove' | 'delete' | 'restore' | 'permanent';

interface Props {
  name: string;
  email: string;
  deleted: boolean;
  hasRoles: boolean;
}

export function StaffActions({ name, email, deleted, hasRoles }: Props) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [asking, setAsking] = useState<StaffIntent | null>(null);
  const [typed, setTyped] = useState('');
  const busy = navigation.state !== 'idle';
  const run = (intent: StaffIntent) => {
    submit({ intent }, { method: 'post' });
    setAsking(null);
    setTyped('');
  };
  const texts: Record<Exclude<StaffIntent, 'restore'>, { title: string; body: string; confirm: string }> = {
    remove: {
      title: t('backofficeStaff.removeTitle', { name }),
      body: t('backofficeStaff.removeBody'),
      confirm: t('backofficeStaff.removeRoles'),
    },
    delete: {
      title: t('backofficeStaff.deleteTitle', { name }),
      body: t('backofficeStaff.deleteBody'),
      confirm: t('backofficeStaff.delete'),
    },
    permanent: {
      title: t('backofficeStaff.permanentTitle', { name }),
      body: t('backofficeStaff.permanentBody'),
      confirm: t('backofficeStaff.permanent'),
    },
  };
  const open = asking && asking !== 'restore' ? texts[asking] : null;
  const typedOk = asking !== 'permanent' || typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <Card>
      <InlineStack gap="300">
        {deleted ? (
          <>
            <Button onClick={() => run('restore')} loading={busy}>
              {t('backofficeStaff.restore')}
            </Button>
            <Button tone="critical" onClick={() => setAsking('permanent')}>
              {t('backofficeStaff.permanent')}
            </Button>
          </>
        ) : (
          <>
            {hasRoles ? <Button onClick={() => setAsking('remove')}>{t('backofficeStaff.removeRoles')}</Button> : null}
            <Button tone="critical" onClick={() => setAsking('delete')}>
              {t('backofficeStaff.delete')}
            </Button>
          </>
        )}
      </InlineStack>
      <Modal
        open={open !== null}
        onClose={() => setAsking(null)}
        title={open?.title ?? ''}
        primaryAction={{
          content: open?.confirm ?? '',
          destructive: true,
          disabled: !typedOk,
          loading: busy,
          onAction: () => asking && run(asking),
        }}
        secondaryActions={[{ content: t('backofficeStaff.cancel'), onAction: () => setAsking(null) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{open?.body}</Text>
            {asking === 'permanent' ? (
              <TextField label={t('backofficeStaff.typeEmail')} value={typed} onChange={setTyped} autoComplete="off" />
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
