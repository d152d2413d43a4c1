/** @module The fleet user wizard's six steps, each a section of the wizard's one form. */
import {
  Badge,
  Banner,
  BlockStack,
  Checkbox,
  FormLayout,
  InlineStack,
  List,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  type CompanyGroupOptions,
  CompanyGroupPicker,
  describeGroups,
} from '../../components/company-groups/company-group-picker';
import { tKey } from '../../i18n/resources';
import type { FleetUserRow, WizardOptions } from '../../lib/fleet';
import { PERIODS, PERM_LABEL, PERMS, type WizardForm } from './wizard-form';

export interface StepProps {
  form: WizardForm;
  set: <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => void;
  errors: Record<string, string>;
  options: WizardOptions;
  user: FleetUserRow | null;
  companyGroups: CompanyGroupOptions;
  locked: boolean;
  /** The limits' unit: kWh or the company's currency. */
  unit: string;
  groupName: string | undefined;
  togglePermission: (p: (typeof PERMS)[number], checked: boolean) => void;
}

/** The identity step: email, names, telephone, corporate group, licence plate, employee number and cost center. */
export function InfoStep({ form, set, errors, options }: StepProps) {
  const { t } = useTranslation();
  return (
    <FormLayout>
      <TextField
        label={t('fleet.wizard.email')}
        type="email"
        autoComplete="off"
        value={form.email}
        onChange={(v) => set('email', v)}
        error={errors.email}
        requiredIndicator
      />
      <FormLayout.Group>
        <TextField
          label={t('fleet.wizard.firstName')}
          autoComplete="off"
          value={form.first_name}
          onChange={(v) => set('first_name', v)}
        />
        <TextField
          label={t('fleet.wizard.lastName')}
          autoComplete="off"
          value={form.last_name}
          onChange={(v) => set('last_name', v)}
        />
      </FormLayout.Group>
      <TextField
        label={t('fleet.wizard.telephone')}
        type="tel"
        autoComplete="off"
        value={form.telephone}
        onChange={(v) => set('telephone', v)}
      />
      <Select
        label={t('fleet.wizard.corporateGroup')}
        options={[
          { label: t('fleet.wizard.selectGroup'), value: '' },
          ...options.corporate_groups.map((g) => ({ label: g.name, value: String(g.id) })),
        ]}
        value={form.corporate_group_id}
        onChange={(v) => set('corporate_group_id', v)}
        error={errors.corporate_group_id}
        requiredIndicator
      />
      <TextField
        label={t('fleet.wizard.licensePlate')}
        autoComplete="off"
        value={form.license_plate}
        onChange={(v) => set('license_plate', v.toUpperCase())}
        helpText={`${t('fleet.wizard.licensePlateHelp')}${options.mandatory_license_plate ? ` ${t('fleet.wizard.licensePlateMandatory')}` : ''}`}
        error={errors.license_plate}
        requiredIndicator={options.mandatory_license_plate}
      />
      <FormLayout.Group>
        <TextField
          label={t('fleet.wizard.employeeNumber')}
          autoComplete="off"
          value={form.employee_number}
          onChange={(v) => set('employee_number', v)}
        />
        <TextField
          label={t('fleet.wizard.costCenter')}
          autoComplete="off"
          value={form.cost_center}
          onChange={(v) => set('cost_center', v)}
        />
      </FormLayout.Group>
    </FormLayout>
  );
}

/** The permissions step: where the user may charge, RFID only, and the limits when the caller may set them. */
export function PermissionsStep({ form, set, errors, options, locked, unit, togglePermission }: StepProps) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="400">
      {locked ? <Banner tone="warning">{t('fleet.wizard.permissionsLocked')}</Banner> : null}
      <BlockStack gap="200">
        {PERMS.map((p) => (
          <Checkbox
            key={p}
            label={tKey(t, `fleet.permission.${PERM_LABEL[p]}`)}
            checked={form[p]}
            disabled={locked}
            onChange={(checked) => togglePermission(p, checked)}
          />
        ))}
        <Checkbox
          label={t('fleet.permission.rfid_only')}
          checked={form.charge_only_with_rfid}
          onChange={(checked) => set('charge_only_with_rfid', checked)}
        />
        {errors.permissions ? (
          <Text as="p" tone="critical">
            {errors.permissions}
          </Text>
        ) : null}
      </BlockStack>
      {options.can_set_limits ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t('fleet.wizard.limits')}
          </Text>
          {options.limit_unit === 'currency' ? (
            <Banner tone="info">{t('fleet.wizard.currencyNote', { currency: options.currency })}</Banner>
          ) : null}
          <FormLayout.Group condensed>
            {PERIODS.map((p) => (
              <TextField
                key={p}
                label={tKey(t, `fleet.period.${p}`)}
                autoComplete="off"
                inputMode="decimal"
                suffix={unit}
                value={form[p]}
                onChange={(v) => set(p, v)}
                error={errors[`limits.${p}`]}
              />
            ))}
          </FormLayout.Group>
          <Text as="p" tone="subdued">
            {t('fleet.wizard.limitHelp')}
          </Text>
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}

/** The cards step: the RFID cards already assigned and the free ones that can be given. */
export function CardsStep({ form, set, options, user }: StepProps) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="300">
      {user?.rfids.length ? (
        <InlineStack gap="200">
          <Text as="span">{t('fleet.wizard.assignedCards')}:</Text>
          {user.rfids.map((r) => (
            <Badge key={r.id}>{`${r.key_hanger_code} · ${r.uuid}`}</Badge>
          ))}
        </InlineStack>
      ) : null}
      <Text as="h3" variant="headingSm">
        {t('fleet.wizard.cards')}
      </Text>
      <Text as="p" tone="subdued">
        {t('fleet.wizard.cardsHelp')}
      </Text>
      {options.free_cards.length === 0 ? <Text as="p">{t('fleet.wizard.noFreeCards')}</Text> : null}
      {options.free_cards.map((c) => (
        <Checkbox
          key={c.id}
          label={`${c.key_hanger_code} · ${c.uuid}`}
          checked={form.rfid_ids.includes(c.id)}
          onChange={(checked) =>
            set('rfid_ids', checked ? [...form.rfid_ids, c.id] : form.rfid_ids.filter((x) => x !== c.id))
          }
        />
      ))}
    </BlockStack>
  );
}

/** The company groups step: one group per level. */
export function GroupsStep({ form, set, errors, companyGroups }: StepProps) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        {t('fleet.wizard.groupsHelp')}
      </Text>
      <CompanyGroupPicker
        options={companyGroups}
        value={form.groups}
        mode="assign"
        onChange={(groups) => set('groups', groups)}
        errors={{
          group1_id: errors.group1_id,
          group2_id: errors.group2_id,
          group3_id: errors.group3_id,
          group4_id: errors.group4_id,
        }}
      />
    </BlockStack>
  );
}

/** The roles step: the roles the caller may grant. */
export function RolesStep({ form, set, options }: StepProps) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {t('fleet.wizard.rolesHelp')}
      </Text>
      {options.grantable_roles.length === 0 ? <Text as="p">{t('fleet.wizard.noRoles')}</Text> : null}
      {options.grantable_roles.map((r) => (
        <Checkbox
          key={r}
          label={`${tKey(t, `fleet.roles.r${r}`)} (${r})`}
          checked={form.roles.includes(r)}
          onChange={(checked) => set('roles', checked ? [...form.roles, r] : form.roles.filter((x) => x !== r))}
        />
      ))}
    </BlockStack>
  );
}

/** The summary step: what will be saved. */
export function SummaryStep({ form, options, companyGroups, groupName }: StepProps) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="200">
      <Text as="p">{t('fleet.wizard.summary')}</Text>
      <List>
        <List.Item>{`${t('fleet.wizard.email')}: ${form.email}`}</List.Item>
        <List.Item>{`${t('fleet.wizard.corporateGroup')}: ${groupName ?? '—'}`}</List.Item>
        <List.Item>{`${t('fleet.wizard.licensePlate')}: ${form.license_plate || '—'}`}</List.Item>
        <List.Item>
          {`${t('fleet.wizard.stepPermissions')}: ${
            PERMS.filter((p) => form[p])
              .map((p) => tKey(t, `fleet.permission.${PERM_LABEL[p]}`))
              .join(', ') || '—'
          }`}
        </List.Item>
        {options.can_set_limits ? (
          <List.Item>
            {`${t('fleet.wizard.limits')}: ${PERIODS.map((p) => `${tKey(t, `fleet.period.${p}`)} ${form[p] || t('fleet.detail.noLimit')}`).join(' · ')}`}
          </List.Item>
        ) : null}
        <List.Item>{`${t('fleet.wizard.cards')}: ${form.rfid_ids.length || t('fleet.wizard.none')}`}</List.Item>
        <List.Item>
          {`${t('fleet.wizard.stepGroups')}: ${
            describeGroups(companyGroups, form.groups)
              .map((g) => g.text)
              .join(', ') || t('fleet.wizard.none')
          }`}
        </List.Item>
        <List.Item>
          {`${t('fleet.wizard.roles')}: ${form.roles.map((r) => tKey(t, `fleet.roles.r${r}`)).join(', ') || t('fleet.wizard.none')}`}
        </List.Item>
      </List>
    </BlockStack>
  );
}
