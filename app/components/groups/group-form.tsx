/** @module The connector group form of /connectors/add-group and /connectors/edit-group/{id}: name and description. */
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { BlockStack, Button, Card, FormLayout, InlineStack, Page, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';
import { useOutcomeToast } from '../use-outcome-toast';

export interface GroupFormResult {
  error: string;
  field?: string;
}

/** The form's fields as the API wants them; an empty description clears it. */
export function groupFormBody(form: FormData) {
  return {
    name: String(form.get('name') ?? ''),
    description: String(form.get('description') ?? '').trim() || null,
  };
}

export function GroupForm(props: {
  title: string;
  back: string;
  initial: { name: string; description: string };
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const failed = useActionData<GroupFormResult>();
  const navigation = useNavigation();
  const [name, setName] = useState(props.initial.name);
  const [description, setDescription] = useState(props.initial.description);
  const fieldError = fieldErrorFrom(failed);
  const formError = failureBesideFields(failed, ['name', 'description']);
  useOutcomeToast(failed, formError ? { text: formError, error: true } : null);
  return (
    <Page title={props.title} backAction={{ url: props.back }} narrowWidth>
      <Form method="post">
        <Card>
          <BlockStack gap="300">
            <FormLayout>
              <TextField
                label={t('groups.fields.name')}
                name="name"
                value={name}
                onChange={setName}
                autoComplete="off"
                maxLength={100}
                requiredIndicator
                helpText={t('groups.form.nameHelp')}
                error={fieldError('name')}
              />
              <TextField
                label={t('groups.fields.description')}
                name="description"
                value={description}
                onChange={setDescription}
                autoComplete="off"
                maxLength={500}
                multiline={3}
                error={fieldError('description')}
              />
            </FormLayout>
            <InlineStack align="end" gap="200">
              <Button url={props.back}>{t('groups.detail.cancel')}</Button>
              <Button submit variant="primary" loading={navigation.state !== 'idle'}>
                {props.submitLabel}
              </Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </Form>
    </Page>
  );
}
