/**
 * @module The "Account details" form of the onboarding page (spec 7.2 `PUT stripe/account`): the connected
 * account's e-mail and business profile as the payment provider holds them, saved through the page's action
 * (intent `details`); a refused field shows its own text under it, any other failure the page's toast.
 */
import { useNavigation, useSubmit } from '@remix-run/react';
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldFailure, fieldErrorFrom } from '../../lib/field-errors';

/** The API's details (GET stripe/account?refresh=1), null when the provider could not be read. */
export interface AccountDetails {
  email: string | null;
  business_profile: {
    name: string | null;
    url: string | null;
    support_email: string | null;
    support_phone: string | null;
    product_description: string | null;
  };
}

/** The form's fields, named as the action reads them; the API's field names where they differ. */
const FIELDS = ['email', 'name', 'url', 'support_email', 'support_phone', 'product_description'] as const;
type Field = (typeof FIELDS)[number];
const API_NAMES: Partial<Record<Field, string>> = {
  name: 'business_profile.name',
  url: 'business_profile.url',
  support_email: 'business_profile.support_email',
  support_phone: 'business_profile.support_phone',
  product_description: 'business_profile.product_description',
};

function initial(details: AccountDetails): Record<Field, string> {
  const p = details.business_profile;
  return {
    email: details.email ?? '',
    name: p.name ?? '',
    url: p.url ?? '',
    support_email: p.support_email ?? '',
    support_phone: p.support_phone ?? '',
    product_description: p.product_description ?? '',
  };
}

export function AccountDetailsCard({
  details,
  failed,
}: {
  details: AccountDetails | null;
  failed: FieldFailure | null;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'details';
  const [values, setValues] = useState(() => (details ? initial(details) : null));
  const errorOf = fieldErrorFrom<Field>(failed, { api: API_NAMES });
  const label: Record<Field, string> = {
    email: t('billingAccounts.accountDetails.email'),
    name: t('billingAccounts.accountDetails.name'),
    url: t('billingAccounts.accountDetails.url'),
    support_email: t('billingAccounts.accountDetails.supportEmail'),
    support_phone: t('billingAccounts.accountDetails.supportPhone'),
    product_description: t('billingAccounts.accountDetails.description'),
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('billingAccounts.accountDetails.title')}
        </Text>
        {values ? (
          <>
            <Text as="p" tone="subdued">
              {t('billingAccounts.accountDetails.body')}
            </Text>
            <FormLayout>
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={label[field]}
                  name={field}
                  type={field === 'email' || field === 'support_email' ? 'email' : field === 'url' ? 'url' : 'text'}
                  multiline={field === 'product_description' ? 3 : undefined}
                  autoComplete="off"
                  value={values[field]}
                  onChange={(value) => setValues({ ...values, [field]: value })}
                  error={errorOf(field)}
                />
              ))}
            </FormLayout>
            <InlineStack>
              <Button loading={busy} onClick={() => submit({ intent: 'details', ...values }, { method: 'post' })}>
                {t('billingAccounts.accountDetails.save')}
              </Button>
            </InlineStack>
          </>
        ) : (
          <Banner tone="info">
            <Text as="p">{t('billingAccounts.accountDetails.unavailable')}</Text>
          </Banner>
        )}
      </BlockStack>
    </Card>
  );
}
