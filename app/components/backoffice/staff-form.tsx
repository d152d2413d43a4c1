/**
 * @module The back-office staff member form of /backoffice/create and /backoffice/{userId}: identity, the
 * company (on creation), the roles the caller may grant (others shown, disabled), and the flag that bars
 * changing charging permissions; the server-side reading of what it posts.
 */

import { ROLE_KEYS, type RoleId } from '@domain/permissions/roles';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineGrid,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import { failureBesideFields, fieldErrorFrom } from '../../lib/field-errors';

export interface StaffValues {
  email: string;
  firstName: string;
  lastName: string;
  telephone: string;
  companyId: string;
  roles: number[];
  permissionUpdatesDisabled: boolean;
}

export interface StaffFailure {
  error: string;
  field?: string;
}

const FIELDS = ['email', 'first_name', 'last_name', 'telephone', 'company_id', 'roles'] as const;

/** The JSON body of the posted form (the API validates; empty optional texts are sent as null). */
export function staffBody(form: FormData) {
  const text = (name: string) => {
    const v = String(form.get(name) ?? '').trim();
    return v === '' ? null : v;
  };
  return {
    email: String(form.get('email') ?? '').trim(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    telephone: text('telephone'),
    roles: form
      .getAll('roles')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    permission_updates_disabled: form.get('permission_updates_disabled') === 'true',
  };
}

interface Props {
  initial: StaffValues;
  /** Every role with whether the caller may grant it (GET /roles). */
  roles: readonly { id: number; grantable: boolean }[];
  /** The companies a new member may belong to; absent when editing (the company does not change here). */
  companies?: readonly { id: number; name: string; depth: number }[];
  submitLabel: string;
  disabled?: boolean;
}

export function StaffForm({ initial, roles, companies, submitLabel, disabled = false }: Props) {
  const { t } = useTranslation();
  const failed = useActionData<StaffFailure>();
  const navigation = useNavigation();
  const [v, setV] = useState(initial);
  const set =
    <K extends keyof StaffValues>(key: K) =>
    (value: StaffValues[K]) =>
      setV((s) => ({ ...s, [key]: value }));
  const errorOf = fieldErrorFrom(failed, { nested: true });
  const summary = failureBesideFields(failed, FIELDS, { nested: true });
  const toggle = (id: number, on: boolean) =>
    setV((s) => ({ ...s, roles: on ? [...s.roles, id] : s.roles.filter((r) => r !== id) }));
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="save" />
      <BlockStack gap="400">
        {summary ? <Banner tone="critical">{summary}</Banner> : null}
        <Card>
          <FormLayout>
            <TextField
              label={t('backofficeStaff.email')}
              name="email"
              type="email"
              value={v.email}
              onChange={set('email')}
              autoComplete="off"
              requiredIndicator
              error={errorOf('email')}
              disabled={disabled}
            />
            <FormLayout.Group>
              <TextField
                label={t('backofficeStaff.firstName')}
                name="first_name"
                value={v.firstName}
                onChange={set('firstName')}
                autoComplete="off"
                error={errorOf('first_name')}
                disabled={disabled}
              />
              <TextField
                label={t('backofficeStaff.lastName')}
                name="last_name"
                value={v.lastName}
                onChange={set('lastName')}
                autoComplete="off"
                error={errorOf('last_name')}
                disabled={disabled}
              />
            </FormLayout.Group>
            <TextField
              label={t('backofficeStaff.telephone')}
              name="telephone"
              type="tel"
              value={v.telephone}
              onChange={set('telephone')}
              autoComplete="off"
              error={errorOf('telephone')}
              disabled={disabled}
            />
            {companies ? (
              <Select
                label={t('backofficeStaff.company')}
                name="company_id"
                options={companies.map((c) => ({ value: String(c.id), label: `${'· '.repeat(c.depth)}${c.name}` }))}
                value={v.companyId}
                onChange={set('companyId')}
                error={errorOf('company_id')}
              />
            ) : null}
          </FormLayout>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingSm">
              {t('backofficeStaff.roles')}
            </Text>
            <Text as="p" tone="subdued">
              {t('backofficeStaff.rolesHelp')}
            </Text>
            {errorOf('roles') ? <Banner tone="critical">{errorOf('roles')}</Banner> : null}
            <InlineGrid columns={{ xs: 1, md: 2 }} gap="200">
              {roles.map((r) => (
                <Checkbox
                  key={r.id}
                  label={`${r.id} · ${tKey(t, ROLE_KEYS[r.id as RoleId] ?? String(r.id))}`}
                  helpText={r.grantable ? undefined : t('backofficeStaff.notGrantable')}
                  name="roles"
                  value={String(r.id)}
                  checked={v.roles.includes(r.id)}
                  disabled={disabled || (!r.grantable && !v.roles.includes(r.id))}
                  onChange={(on) => toggle(r.id, on)}
                />
              ))}
            </InlineGrid>
            <Checkbox
              label={t('backofficeStaff.permissionUpdatesDisabled')}
              name="permission_updates_disabled"
              value="true"
              checked={v.permissionUpdatesDisabled}
              onChange={set('permissionUpdatesDisabled')}
              disabled={disabled}
            />
          </BlockStack>
        </Card>
        <InlineGrid columns="auto">
          <Button submit variant="primary" loading={navigation.state === 'submitting'} disabled={disabled}>
            {submitLabel}
          </Button>
        </InlineGrid>
      </BlockStack>
    </Form>
  );
}
