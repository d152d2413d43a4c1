/**
 * @module The graphic customisation tab (ADR 049): the logo (its own form, posted to
 * /settings/{companyId}/logo), the brand colour, the back-office title, the white-label and demo-mode flags.
 */
import { MAX_TITLE_LENGTH } from '@domain/company-settings/branding';
import { Form } from '@remix-run/react';
import { BlockStack, Button, Card, Checkbox, FormLayout, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorFrom } from '../../lib/field-errors';
import type { Branding } from '../../routes/_app.settings.$companyId/branding-tabs.server';
import { TabForm, type TabProps } from './tab-form';

const FIELDS = ['brand_color', 'title', 'white_label', 'demo_mode'];

function LogoCard({ branding }: { branding: Branding }) {
  const { t } = useTranslation();
  const action = `/settings/${branding.company_id}/logo`;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('companyBranding.logo')}
        </Text>
        {branding.logo_url ? (
          <img src={branding.logo_url} alt={t('companyBranding.logo')} style={{ maxHeight: 64, maxWidth: 240 }} />
        ) : (
          <Text as="p" tone="subdued">
            {t('companyBranding.noLogo')}
          </Text>
        )}
        <Form method="post" action={action} encType="multipart/form-data">
          <BlockStack gap="200">
            <input
              type="file"
              name="file"
              accept="image/png,image/jpeg"
              required
              aria-label={t('companyBranding.logo')}
            />
            <Text as="p" tone="subdued">
              {t('companyBranding.logoHelp')}
            </Text>
            <InlineStack gap="200">
              <Button submit>{t('companyBranding.uploadLogo')}</Button>
            </InlineStack>
          </BlockStack>
        </Form>
        {branding.logo_url ? (
          <Form method="post" action={`${action}?intent=delete`}>
            <Button submit tone="critical" variant="plain">
              {t('companyBranding.removeLogo')}
            </Button>
          </Form>
        ) : null}
      </BlockStack>
    </Card>
  );
}

export function GraphicsTab({ branding, failed }: TabProps & { branding: Branding }) {
  const { t } = useTranslation();
  const [color, setColor] = useState(branding.brand_color ?? '');
  const [title, setTitle] = useState(branding.title ?? '');
  const [whiteLabel, setWhiteLabel] = useState(branding.white_label);
  const [demo, setDemo] = useState(branding.demo_mode);
  const errorOf = fieldErrorFrom(failed);
  return (
    <BlockStack gap="400">
      <LogoCard branding={branding} />
      <TabForm tab="graphics" failed={failed} fields={FIELDS}>
        <Card>
          <BlockStack gap="300">
            <Text as="p" tone="subdued">
              {t('companyBranding.graphicsIntro')}
            </Text>
            <FormLayout>
              <TextField
                label={t('companyBranding.brandColor')}
                name="brand_color"
                value={color}
                onChange={setColor}
                placeholder="#1a73e8"
                helpText={t('companyBranding.brandColorHelp')}
                autoComplete="off"
                error={errorOf('brand_color')}
                prefix={
                  /^#[0-9a-fA-F]{6}$/.test(color) ? (
                    <span
                      style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: color }}
                    />
                  ) : undefined
                }
              />
              <TextField
                label={t('companyBranding.title')}
                name="title"
                value={title}
                onChange={setTitle}
                maxLength={MAX_TITLE_LENGTH}
                showCharacterCount
                helpText={t('companyBranding.titleHelp')}
                autoComplete="off"
                error={errorOf('title')}
              />
              <input type="hidden" name="white_label" value={String(whiteLabel)} />
              <Checkbox
                label={t('companyBranding.whiteLabel')}
                helpText={t('companyBranding.whiteLabelHelp')}
                checked={whiteLabel}
                onChange={setWhiteLabel}
              />
              <input type="hidden" name="demo_mode" value={String(demo)} />
              <Checkbox
                label={t('companyBranding.demoMode')}
                helpText={t('companyBranding.demoModeHelp')}
                checked={demo}
                onChange={setDemo}
              />
            </FormLayout>
          </BlockStack>
        </Card>
      </TabForm>
    </BlockStack>
  );
}
