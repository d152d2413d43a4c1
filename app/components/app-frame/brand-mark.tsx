/**
 * @module The company's mark in the top bar (ADR 049): its logo and title when it set them, the product
 * name otherwise (a white-label company's title replaces it); and the style that applies its brand
 * colour over the user's theme — always as the top bar's stripe, as the buttons' fill only when white
 * text on it stays readable.
 */
import { brandFillSafe, displayedTitle } from '@domain/company-settings/branding';
import { setSeparatorSource } from '@domain/format/format';
import { Box, InlineStack, Text } from '@shopify/polaris';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../lib/session.server';

type Branding = Me['company']['branding'];

/** The title the top bar and page titles show for this company. */
export function useAppTitle(branding: Branding): string {
  const { t } = useTranslation();
  return displayedTitle(t('app.name'), { whiteLabel: branding.white_label, title: branding.title });
}

export function BrandMark({ branding }: { branding: Branding }) {
  const title = useAppTitle(branding);
  // In the browser, numbers follow the company's white-label flag (the server sets it per request).
  if (typeof document !== 'undefined') setSeparatorSource(() => branding.white_label);
  return (
    <Box paddingInline="400" paddingBlock="200">
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        {branding.logo_url ? (
          <img src={branding.logo_url} alt="" height={32} style={{ maxWidth: 120, objectFit: 'contain' }} />
        ) : null}
        <Text as="span" variant="headingMd" tone="text-inverse">
          {title}
        </Text>
      </InlineStack>
    </Box>
  );
}

/** CSS variables over the Polaris tokens for the brand colour (none without one). */
export function brandStyle(branding: Branding): CSSProperties | undefined {
  const color = branding.brand_color;
  if (!color) return undefined;
  const vars: Record<string, string> = { '--brand-accent': color };
  if (brandFillSafe(color)) {
    vars['--p-color-bg-fill-brand'] = color;
    vars['--p-color-bg-fill-brand-hover'] = color;
    vars['--p-color-bg-fill-brand-active'] = color;
  }
  return vars as CSSProperties;
}
