/**
 * @module The fleet user wizard (create and update): user info, charging permissions, RFID, company
 * groups, back-office roles, finalize. Each step checks the spec's rules before moving on (shared
 * with the API, which checks them again); the public permission asks for confirmation.
 */
import { emailError, hasChargingPermission, licensePlateError, parseLimit } from '@domain/fleet/validation';
import { isLanguage } from '@i18n/languages';
import { type MessageKey, translate } from '@i18n/messages';
import { useActionData, useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, InlineStack, Layout, List, Modal, Page, Tabs, Text } from '@shopify/polaris';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyGroupOptions } from '../../components/company-groups/company-group-picker';
import { tKey } from '../../i18n/resources';
import type { FleetUserRow, WizardError, WizardOptions } from '../../lib/fleet';
import { initial, PERIODS, type PERMS, STEPS, stepOf, type WizardForm, wizardPayload } from './wizard-form';
import { CardsStep, GroupsStep, InfoStep, PermissionsStep, RolesStep, SummaryStep } from './wizard-steps';

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
  const [form, setForm] = useState<WizardForm>(() => initial(user));
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmingPublic, setConfirmingPublic] = useState(false);
  const [shownError, setShownError] = useState<WizardError | undefined>(undefined);
  const set = <K extends keyof WizardForm>(key: K, value: WizardForm[K]) => setForm((f) => ({ ...f, [key]: value }));

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

  const payload = useMemo(
    () => wizardPayload(form, user, locked, options.can_set_limits),
    [form, locked, options.can_set_limits, user],
  );

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

  const stepProps = { form, set, errors, options, user, companyGroups, locked, unit, groupName, togglePermission };

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
          {step === 0 ? <InfoStep {...stepProps} /> : null}
          {step === 1 ? <PermissionsStep {...stepProps} /> : null}
          {step === 2 ? <CardsStep {...stepProps} /> : null}
          {step === 3 ? <GroupsStep {...stepProps} /> : null}
          {step === 4 ? <RolesStep {...stepProps} /> : null}
          {step === 5 ? <SummaryStep {...stepProps} /> : null}
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
