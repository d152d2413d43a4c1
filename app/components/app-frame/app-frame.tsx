/** @module The logged-in shell: Polaris Frame, TopBar (company switcher, profile menu), Navigation. */

import { NEWS_PAGE } from '@domain/permissions/navigation';
import { Frame, TopBar } from '@shopify/polaris';
import { type ReactNode, useCallback, useState } from 'react';
import type { Me } from '../../lib/session.server';
import { FeedbackOutlet } from '../feedback';
import { InactivityWatch } from '../inactivity-watch';
import { TopNotices } from '../top-notices';
import { AppNavigation } from './app-navigation';
import { BrandMark, brandStyle } from './brand-mark';
import { CompanyMenu } from './company-menu';
import { UserMenu } from './user-menu';

export function AppFrame({ me, children }: { me: Me; children: ReactNode }) {
  const [mobileNavigation, setMobileNavigation] = useState(false);
  const toggle = useCallback(() => setMobileNavigation((open) => !open), []);
  const closeNavigation = useCallback(() => setMobileNavigation(false), []);

  const topBar = (
    <TopBar
      showNavigationToggle
      onNavigationToggle={toggle}
      contextControl={<BrandMark branding={me.company.branding} />}
      secondaryMenu={<CompanyMenu me={me} />}
      userMenu={<UserMenu me={me} />}
    />
  );

  const style = brandStyle(me.company.branding);
  return (
    <div style={style} className={style ? 'brand-accent' : undefined}>
      <Frame
        topBar={topBar}
        navigation={
          <AppNavigation
            sections={me.navigation}
            onNavigate={closeNavigation}
            badges={{ [NEWS_PAGE]: me.newsUnread }}
          />
        }
        showMobileNavigation={mobileNavigation}
        onNavigationDismiss={toggle}
      >
        <TopNotices />
        {children}
        <FeedbackOutlet />
        <InactivityWatch />
      </Frame>
    </div>
  );
}
