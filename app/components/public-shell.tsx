/** @module The shell of the public pages: app name, language picker, notices, toasts. */
import { Link } from '@remix-run/react';
import { BlockStack, Box, Card, Frame, InlineStack, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackOutlet } from './feedback';
import { LanguagePicker } from './language-picker';
import { TopNotices } from './top-notices';

export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Frame>
      <Box paddingBlock="400" paddingInline="400">
        <InlineStack align="space-between" blockAlign="center" gap="400">
          <Link to="/login" style={{ color: 'inherit', textDecoration: 'none' }}>
            <Text as="span" variant="headingLg">
              {t('app.name')}
            </Text>
          </Link>
          <LanguagePicker />
        </InlineStack>
      </Box>
      <TopNotices />
      <BlockStack>{children}</BlockStack>
      <FeedbackOutlet />
    </Frame>
  );
}

/** A narrow centred card, the layout of login, 2FA and password pages. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box paddingBlock="800" paddingInline="400">
      <InlineStack align="center">
        <Box width="100%" maxWidth="28rem">
          {children}
        </Box>
      </InlineStack>
    </Box>
  );
}

/** An auth card with its heading (the page title and its one-line introduction), then the page's content. */
export function AuthPanel({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <AuthCard>
      <Card>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h1" variant="headingXl">
              {title}
            </Text>
            <Text as="p" tone="subdued">
              {intro}
            </Text>
          </BlockStack>
          {children}
        </BlockStack>
      </Card>
    </AuthCard>
  );
}
