/** @module The side navigation: exactly the sections and items of `me.navigation`, translated, with a count badge where given. */
import { useLocation } from '@remix-run/react';
import { Navigation } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { Me } from '../../lib/session.server';

export function AppNavigation({
  sections,
  onNavigate,
  badges = {},
}: {
  sections: Me['navigation'];
  onNavigate: () => void;
  /** A number per item URL (the unread news); none or 0: no badge. */
  badges?: Record<string, number>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Navigation location={pathname} ariaLabelledBy="app-navigation-label">
      <span id="app-navigation-label" hidden>
        {t('frame.navigation')}
      </span>
      {sections.map((section) => (
        <Navigation.Section
          key={section.id}
          title={tKey(t, section.label)}
          items={section.items.map((item) => ({
            url: item.url,
            label: tKey(t, item.label),
            badge: badges[item.url] ? String(badges[item.url]) : undefined,
            onClick: onNavigate,
          }))}
        />
      ))}
    </Navigation>
  );
}
