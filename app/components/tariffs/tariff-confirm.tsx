/** @module The confirmation before a tariff is approved or deleted, shared by the tariff page and the tariff list. */
import { Modal, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

export type TariffIntent = 'approve' | 'delete';

/** Open while `intent` is set; `onConfirm` gets the intent confirmed. */
export function TariffConfirm({
  intent,
  name,
  loading,
  onConfirm,
  onClose,
}: {
  intent: TariffIntent | null;
  name: string;
  loading: boolean;
  onConfirm: (intent: TariffIntent) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={intent !== null}
      onClose={onClose}
      title={intent ? tKey(t, `tariffs.confirm.${intent}Title`, { name }) : ''}
      primaryAction={{
        content: intent ? tKey(t, `tariffs.${intent}`) : '',
        destructive: intent === 'delete',
        loading,
        onAction: () => {
          if (intent) onConfirm(intent);
        },
      }}
      secondaryActions={[{ content: t('tariffs.cancel'), onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{intent ? tKey(t, `tariffs.confirm.${intent}Text`) : ''}</Text>
      </Modal.Section>
    </Modal>
  );
}
