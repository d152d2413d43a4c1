/** @module The form of the two card creation pages: with a visual code and UUID, or with the UUID alone. */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Card, FormLayout, InlineStack, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { useOutcomeToast } from '../use-outcome-toast';
import { CardFields, type CardFieldValues } from './card-fields';
import type { StoreError } from './store.server';

export function StoreForm({ withCode }: { withCode: boolean }) {
  const { t } = useTranslation();
  const failed = useActionData<StoreError>();
  const navigation = useNavigation();
  const [code, setCode] = useState('');
  const [uuid, setUuid] = useState('');
  const [fields, setFields] = useState<CardFieldValues>({ type: 'rfid', group: '', expires: '' });
  const fieldError = fieldErrorFrom(failed, { fallback: t('common.generic') });
  // A UUID given in the path reads as the path parameter: name it as the UUID field.
  const uuidError = fieldError('uuid');
  const formError = failureBesideFields(failed, ['code', 'uuid', 'parent_id_tag', 'expires_at'], {
    fallback: t('common.generic'),
  });
  useOutcomeToast(failed, formError ? { text: formError, error: true } : null);

  return (
    <Page
      title={withCode ? t('keyHangers.store.title') : t('keyHangers.store.titleUuid')}
      backAction={{ content: t('keyHangers.detail.back'), url: '/fleet/key-hangers' }}
      secondaryActions={[
        withCode
          ? { content: t('keyHangers.addByUuid'), url: '/fleet/key-hangers-store-uuid' }
          : { content: t('keyHangers.store.withCode'), url: '/fleet/key-hangers-store' },
      ]}
    >
      <Card>
        <Form method="post">
          <BlockStack gap="300">
            {withCode ? null : (
              <Text as="p" tone="subdued">
                {t('keyHangers.store.generated')}
              </Text>
            )}
            <FormLayout>
              {withCode ? (
                <TextField
                  label={t('keyHangers.store.code')}
                  name="code"
                  value={code}
                  onChange={setCode}
                  maxLength={32}
                  autoComplete="off"
                  helpText={t('keyHangers.store.codeHelp')}
                  error={fieldError('code')}
                />
              ) : null}
              <TextField
                label={t('keyHangers.store.uuid')}
                name="uuid"
                value={uuid}
                onChange={setUuid}
                maxLength={20}
                autoComplete="off"
                helpText={t('keyHangers.store.uuidHelp')}
                error={uuidError}
              />
              <CardFields values={fields} onChange={setFields} fieldError={fieldError} />
            </FormLayout>
            <InlineStack>
              <Button submit variant="primary" loading={navigation.state === 'submitting'}>
                {t('keyHangers.store.create')}
              </Button>
            </InlineStack>
          </BlockStack>
        </Form>
      </Card>
    </Page>
  );
}
