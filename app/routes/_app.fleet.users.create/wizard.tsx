/**
 * @module The fleet user wizard (create and update): user info, charging permissions, RFID, company
 * groups, back-office roles, finalize. Each step checks the spec's rules before moving on (shared
 * with the API, which checks them again); the public permission asks for confirmation.
 */

import { emailError, hasChargingPermission, licensePlateError, parseLimit } from '@domain/fleet/validation';
import { isLanguage } from '@domain/i18n/languages';
import { type MessageKey, translate } from '@domain/i18n/messages';
import { useActionData, useNavigation, useSubmit } from '@remix-run/react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  InlineStack,
  Layout,
  List,
  Modal,
  Page,
  Select,
  Tabs,
  Text,
  TextField,
} from '@shopify/polaris';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CompanyGroupOptions,
  CompanyGroupPicker,
  describeGroups,
  fieldOf,
  GROUP_LEVELS,
  type GroupIds,
} from '../../components/company-groups/company-group-picker';
import { tKey } from '../../i18n/resources';
import type { FleetUserRow, WizardError, WizardOptions } from '../../lib/fleet';

const STEPS = ['stepInfo', 'stepPermissions', 'stepRfid', 'stepGroups', 'stepRoles', 'stepFinalize'] as const;
const PERMS = ['can_charge_public', 'can_charge_work', 'can_charge_home', 'only_private'] as const;
const PERM_LABEL = {
  can_charge_public: 'public',
  can_charge_work: 'work',
  can_charge_home: 'home',
  only_private: 'only_private',
} as const;
const PERIODS = ['daily', 'weekly', 'monthly'] as const;

/** The step that shows a field the API named. */
function stepOf(field?: string): number {
  if (!field) return 0;
  if (field === 'permissions' || field.startsWith('can_') || field === 'only_private' || field.startsWith('limits'))
    return 1;
  if (field.startsWith('rfid')) return 2;
  if (/^group\d_id$/.test(field)) return 3;
  if (field === 'roles') return 4;
  return 0;
}

interface Form {
  email: string;
  first_name: string;
  last_name: string;
  telephone: string;
  license_plate: string;
  employee_number: string;
  cost_center: string;
  corporate_group_id: string;
  can_charge_public: boolean;
  can_charge_work: boolean;
  can_charge_home: boolean;
  only_private: boolean;
  charge_only_with_rfid: boolean;
  confirm_public: boolean;
  daily: string;
  weekly: string;
  monthly: string;
  rfid_ids: number[];
  roles: number[];
  groups: GroupIds;
}

function initial(user: FleetUserRow | null): Form {
  const limit = (v: number | null | undefined) => (v ? String(v) : '');
  return {
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    telephone: user?.telephone ?? '',
    license_plate: user?.license_plate ?? '',
    employee_number: user?.employee_number ?? '',
    cost_center: user?.cost_center ?? '',
    corporate_group_id: user?.corporate_group_id ? String(user.corporate_group_id) : '',
    can_charge_public: user?.can_charge_public ?? false,
    can_charge_work: user?.can_charge_work ?? false,
    can_charge_home: user?.can_charge_home ?? false,
    only_private: user?.only_private ?? false,
    charge_only_with_rfid: user?.charge_only_with_rfid ?? false,
    confirm_public: false,
    daily: limit(user?.limits.daily),
    weekly: limit(user?.limits.weekly),
    monthly: limit(user?.limits.monthly),
    rfid_ids: [],
    roles: user?.roles ?? [],
    groups: {
      group1_id: user?.group1_id ?? null,
      group2_id: user?.group2_id ?? null,
      group3_id: user?.group3_id ?? null,
      group4_id: user?.group4_id ?? null,
    },
  };
}

export function UserWizard({
  options,
  user,
  companyGroups,
}: {
  options: WizardOptions;
  user: FleetUserRow | null;
  companyGroups: CompanyGroupOptions;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const msg = (key: MessageKey) => translate(lang, key);
  const actionData = useActionData<{ error?: WizardError }>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [form, setForm] = useState<Form>(() => initial(user));
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmingPublic, setConfirmingPublic] = useState(false);
  const [shownError, setShownError] = useState<WizardError | undefined>(undefined);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  // An API error opens the step of its field.
  if (actionData?.error && actionData.error !== shownError) {
    setShownError(actionData.error);
    setStep(stepOf(actionData.error.field));
    if (actionData.error.field) setErrors({ [actionData.error.field]: actionData.error.message });
  }

  const locked = options.permission_updates_disabled;
  const checkStep = (s: number): Record<string, string> => {
    const e: Record<string, string> = {};
    if (s === 0) {
      const em = emailError(form.email);
      if (em) e.email = msg(em);
      if (!form.corporate_group_id) e.corporate_group_id = msg('corporateGroupRequired');
      const plate = licensePlateError(form.license_plate, options.mandatory_license_plate);
      if (plate) e.license_plate = msg(plate);
    }
    if (s === 1) {
      if (!hasChargingPermission(form)) e.permissions = msg('chargingPermissionRequired');
      if (options.can_set_limits) {
        for (const p of PERIODS) {
          const r = parseLimit(form[p], options.limit_unit);
          if (!r.ok) e[`limits.${p}`] = msg(r.error);
        }
      }
    }
    return e;
  };
  const go = (target: number) => {
    // Moving forward checks every step passed over.
    for (let s = step; s < target; s++) {
      const e = checkStep(s);
      if (Object.keys(e).length > 0) {
        setErrors(e);
        setStep(s);
        return;
      }
    }
    setErrors({});
    setStep(target);
  };

  const payload = useMemo(() => {
    const body: Record<string, unknown> = {
      email: form.email.trim(),
      first_name: form.first_name.trim() || null,
      last_name: form.last_name.trim() || null,
      telephone: form.telephone.trim() || null,
      license_plate: form.license_plate.trim() || null,
      employee_number: form.employee_number.trim() || null,
      cost_center: form.cost_center.trim() || null,
      corporate_group_id: Number(form.corporate_group_id),
      charge_only_with_rfid: form.charge_only_with_rfid,
    };
    if (!locked) for (const p of PERMS) body[p] = form[p];
    if (form.confirm_public) body.confirm_public = true;
    if (options.can_set_limits) body.limits = { daily: form.daily, weekly: form.weekly, monthly: form.monthly };
    if (form.rfid_ids.length) body.rfid_ids = form.rfid_ids;
    // Company groups: only the levels changed are sent (null clears one), so a group the user keeps
    // from outside the caller's scope is not sent back for checking.
    for (const level of GROUP_LEVELS) {
      const field = fieldOf(level);
      if (form.groups[field] !== (user?.[field] ?? null)) body[field] = form.groups[field];
    }
    const before = [...(user?.roles ?? [])].sort().join(',');
    if ([...form.roles].sort().join(',') !== before) body.roles = form.roles;
    return body;
  }, [form, locked, options.can_set_limits, user]);

  const save = () => {
    for (let s = 0; s < 2; s++) {
      const e = checkStep(s);
      if (Object.keys(e).length > 0) {
        setErrors(e);
        setStep(s);
        return;
      }
    }
    submit(JSON.stringify(payload), { method: 'post', encType: 'application/json' });
  };

  const togglePermission = (p: (typeof PERMS)[number], checked: boolean) => {
    if (p === 'can_charge_public' && checked && !user?.can_charge_public && !form.confirm_public) {
      setConfirmingPublic(true);
      return;
    }
    set(p, checked);
  };

  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email : '';
  const unit = options.limit_unit === 'kwh' ? t('fleet.wizard.limitUnitKwh') : options.currency;
  const groupName = options.corporate_groups.find((g) => String(g.id) === form.corporate_group_id)?.name;

  return (
    <Page
      title={user ? t('fleet.wizard.updateTitle', { name }) : t('fleet.wizard.createTitle')}
      backAction={{ url: user ? `/fleet/users/detail/${user.id}` : '/fleet/users' }}
    >
      <BlockStack gap="400">
        {actionData?.error && !actionData.error.field ? (
          <Banner tone="critical" title={t('fleet.wizard.errorsTitle')}>
            <p>{actionData.error.message}</p>
          </Banner>
        ) : null}
        {Object.keys(errors).length > 0 ? (
          <Banner tone="critical" title={t('fleet.wizard.errorsTitle')}>
            <List>
              {Object.entries(errors).map(([k, v]) => (
                <List.Item key={k}>{v}</List.Item>
              ))}
            </List>
          </Banner>
        ) : null}
        <Tabs
          tabs={STEPS.map((s, i) => ({ id: s, content: `${i + 1}. ${tKey(t, `fleet.wizard.${s}`)}` }))}
          selected={step}
          onSelect={go}
        />
        <Card>
          {step === 0 ? (
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
          ) : null}
          {step === 1 ? (
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
          ) : null}
          {step === 2 ? (
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
          ) : null}
          {step === 3 ? (
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
          ) : null}
          {step === 4 ? (
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
          ) : null}
          {step === 5 ? (
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
          ) : null}
        </Card>
        <Layout>
          <Layout.Section>
            <InlineStack align="space-between">
              <Button disabled={step === 0} onClick={() => go(step - 1)}>
                {t('fleet.wizard.back')}
              </Button>
              {step < STEPS.length - 1 ? (
                <Button variant="primary" onClick={() => go(step + 1)}>
                  {t('fleet.wizard.next')}
                </Button>
              ) : (
                <Button variant="primary" loading={navigation.state !== 'idle'} onClick={save}>
                  {t('fleet.wizard.save')}
                </Button>
              )}
            </InlineStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
      <Modal
        open={confirmingPublic}
        onClose={() => setConfirmingPublic(false)}
        title={t('fleet.wizard.confirmPublicTitle')}
        primaryAction={{
          content: t('fleet.wizard.confirm'),
          onAction: () => {
            setForm((f) => ({ ...f, can_charge_public: true, confirm_public: true }));
            setConfirmingPublic(false);
          },
        }}
        secondaryActions={[{ content: t('fleet.wizard.cancel'), onAction: () => setConfirmingPublic(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t('fleet.wizard.confirmPublicBody')}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
