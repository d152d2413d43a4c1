/**
 * @module Step 3: the corporate admin, mandatory (spec section 6): an existing user of the caller's scope,
 * found by e-mail or name, or a new user who is invited by e-mail to set a password.
 */
import { useNavigate } from '@remix-run/react';
import {
  BlockStack,
  Button,
  Card,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

export interface Candidate {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

const labelOf = (c: Candidate) => [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email;

export function StepAdmin(props: {
  values: Record<string, string>;
  candidates: Candidate[] | null;
  search: string;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [v, setV] = useState<Record<string, string>>({ admin_mode: 'new', ...props.values });
  const set = (f: string) => (value: string) => setV((old) => ({ ...old, [f]: value }));
  const [search, setSearch] = useState(props.search);
  const found = props.candidates ?? [];
  const options = found.map((c) => ({ value: String(c.id), label: `${labelOf(c)} (${c.email})` }));
  const picked = v.admin_user_id || (options[0]?.value ?? '');
  const pickedLabel = found.find((c) => String(c.id) === picked);
  const field = (f: string, label: string, type?: 'email') => (
    <TextField
      label={tKey(t, label)}
      name={f}
      type={type}
      value={v[f] ?? ''}
      onChange={set(f)}
      autoComplete="off"
      requiredIndicator={f === 'admin_email'}
      error={props.errorOf(f)}
    />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('companyCreate.stepAdmin')}
        </Text>
        <Text as="p" tone="subdued">
          {t('companyCreate.adminHelp')}
        </Text>
        <input type="hidden" name="admin_mode" value={v.admin_mode} />
        <ChoiceList
          title={t('companyCreate.stepAdmin')}
          titleHidden
          choices={[
            { value: 'new', label: t('companyCreate.adminNew') },
            { value: 'existing', label: t('companyCreate.adminExisting') },
          ]}
          selected={[v.admin_mode ?? 'new']}
          onChange={([mode]) => set('admin_mode')(mode ?? 'new')}
        />
        {v.admin_mode === 'existing' ? (
          <FormLayout>
            <InlineStack gap="200" blockAlign="end">
              <TextField
                label={t('companyCreate.adminSearch')}
                value={search}
                onChange={setSearch}
                autoComplete="off"
              />
              <Button onClick={() => navigate(`?search=${encodeURIComponent(search)}`, { preventScrollReset: true })}>
                {t('companyCreate.adminSearchAction')}
              </Button>
            </InlineStack>
            {options.length > 0 ? (
              <Select
                label={t('companyCreate.adminPick')}
                name="admin_user_id"
                options={options}
                value={picked}
                onChange={set('admin_user_id')}
                error={props.errorOf('admin_user_id')}
              />
            ) : (
              <Text as="p" tone={props.errorOf('admin_user_id') ? 'critical' : 'subdued'}>
                {props.errorOf('admin_user_id') ??
                  (v.admin_label && v.admin_user_id ? v.admin_label : t('companyCreate.adminNone'))}
              </Text>
            )}
            {options.length === 0 && v.admin_user_id ? (
              <input type="hidden" name="admin_user_id" value={v.admin_user_id} />
            ) : null}
            <input
              type="hidden"
              name="admin_label"
              value={pickedLabel ? `${labelOf(pickedLabel)} (${pickedLabel.email})` : (v.admin_label ?? '')}
            />
          </FormLayout>
        ) : (
          <FormLayout>
            {field('admin_email', 'companyCreate.adminEmail', 'email')}
            <FormLayout.Group>
              {field('admin_first_name', 'companyCreate.adminFirstName')}
              {field('admin_last_name', 'companyCreate.adminLastName')}
            </FormLayout.Group>
            <Text as="p" tone="subdued">
              {t('companyCreate.adminNewHelp')}
            </Text>
          </FormLayout>
        )}
      </BlockStack>
    </Card>
  );
}
