/** @module The frame every editable settings tab shares: its form, the error banner and the save button. */
import { Form, useNavigation } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsActionData } from '../../routes/_app.settings.$companyId/settings.server';

export interface TabProps {
  failed?: SettingsActionData;
}

export function TabForm(props: {
  tab: SettingsActionData['tab'];
  failed?: SettingsActionData;
  /** Fields the tab shows next to their input; any other failure is shown in the banner. */
  fields: readonly string[];
  children: ReactNode;
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const known = props.failed?.field !== undefined && props.fields.includes(props.failed.field);
  return (
    <Form method="post" onSubmit={props.onSubmit}>
      <input type="hidden" name="tab" value={props.tab} />
      <BlockStack gap="400">
        {props.failed ? (
          <Banner tone="critical">
            {known ? t('companySettings.failed') : props.failed.error || t('common.generic')}
          </Banner>
        ) : null}
        {props.children}
        <Card>
          <InlineStack align="end">
            <Button submit variant="primary" loading={navigation.state === 'submitting'}>
              {t('companySettings.save')}
            </Button>
          </InlineStack>
        </Card>
      </BlockStack>
    </Form>
  );
}
