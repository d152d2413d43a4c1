/**
 * @module The maintenance cards' confirmed cancel (a scheduled change, a reservation): open while an item is
 * chosen, the destructive action runs `onConfirm` with it, either button closes.
 */
import { Modal, Text } from '@shopify/polaris';

export function CancelConfirmModal<T>({
  item,
  onClose,
  onConfirm,
  title,
  body,
  confirm,
  keep,
}: {
  /** What is to be cancelled; null: closed. */
  item: T | null;
  onClose: () => void;
  onConfirm: (item: T) => void;
  title: (item: T) => string;
  body: (item: T) => string;
  confirm: string;
  keep: string;
}) {
  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={item !== null ? title(item) : ''}
      primaryAction={{
        content: confirm,
        destructive: true,
        onAction: () => {
          if (item !== null) onConfirm(item);
          onClose();
        },
      }}
      secondaryActions={[{ content: keep, onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{item !== null ? body(item) : ''}</Text>
      </Modal.Section>
    </Modal>
  );
}
