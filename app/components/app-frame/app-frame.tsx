/** @module The logged-in shell: Polaris Frame, TopBar (company switcher, profile menu), Navigation. */
import { Box, Frame, Text, TopBar } from '@shopify/polaris';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../lib/session.server';
import { FeedbackOutlet } from '../feedback';
import { InactivityWatch } from '../inactivity-watch';
import { TopNotices } from '../top-notices';
import { AppNavigation } from './app-navigation';
import { CompanyMenu } from './company-menu';
import { UserMenu } from './user-menu';

export function AppFrame({ me, children }: { me: Me; children: ReactNode }) {
  const { t } = useTranslation();
  const [mobileNavigation, setMobileNavigation] = useState(false);
  const toggle = useCallback(() => setMobileNavigation((open) => !open), []);
  const closeNavigation = useCallback(() => setMobileNavigation(false), []);

  const topBar = (
    <TopBar
      showNavigationToggle
      onNavigationToggle={toggle}
      contextControl={
        <Box paddingInline="400" paddingBlock="300">
          <Text as="span" variant="headingMd" tone="text-inverse">
            {t('app.name')}
          </Text>
        </Box>
      }
      secondaryMenu={<CompanyMenu me={me} />}
      userMenu={<UserMenu me={me} />}
    />
  );

  return (
    <Frame
      topBar={topBar}
      navigation={<AppNavigation sections={me.navigation} onNavigate={closeNavigation} />}
      showMobileNavigation={mobileNavigation}
      onNavigationDismiss={toggle}
    >
      <TopNotices />
      {children}
      <FeedbackOutlet />
      <InactivityWatch />
    </Frame>
  );
}
