/** @module The profile menu: profile, support, company creation and deletion (super users), language, theme, logout. */

import { LANGUAGE_NAMES, LANGUAGES } from '@i18n/languages';
import { useRouteLoaderData } from '@remix-run/react';
import { type ActionListSection, Icon, TopBar } from '@shopify/polaris';
import {
  CheckIcon,
  DeleteIcon,
  ExitIcon,
  OrganizationIcon,
  PersonIcon,
  PlusIcon,
  QuestionCircleIcon,
} from '@shopify/polaris-icons';
import type { TFunction } from 'i18next';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../lib/display-name';
import { logout } from '../../lib/logout';
import type { Me } from '../../lib/session.server';
import type { Theme } from '../../lib/theme';
import { usePreferences } from '../use-preferences';

type UserMenuActions = ComponentProps<typeof TopBar.UserMenu>['actions'];

const check = <Icon source={CheckIcon} />;

function initialsOf(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Super users (50, 51): create company, the company list, delete company (spec section 2, profile menu). */
function companyItems(me: Me, t: TFunction): ActionListSection[] {
  const items = [
    me.permissions.includes('company:create')
      ? { content: t('companyCreate.menuCreate'), url: '/create-company/step-1', icon: PlusIcon }
      : null,
    me.permissions.includes('companies:manage')
      ? { content: t('companyCreate.menuCompanies'), url: '/companies', icon: OrganizationIcon }
      : null,
    me.permissions.includes('companies:manage')
      ? { content: t('companyCreate.menuDelete'), url: '/companies/delete', icon: DeleteIcon, destructive: true }
      : null,
  ].filter((item) => item !== null);
  return items.length > 0 ? [{ items }] : [];
}

export function UserMenu({ me }: { me: Me }) {
  const { t, i18n } = useTranslation();
  // Polaris closes the menu itself after any item (onToggle), so items must not close it too.
  const [open, setOpen] = useState(false);
  const preferences = usePreferences();
  const theme = (useRouteLoaderData('root') as { theme?: Theme } | undefined)?.theme ?? 'light';
  const name = displayName(me.user);

  const sections: ActionListSection[] = [
    {
      items: [
        { content: t('frame.profile'), url: '/my-profile', icon: PersonIcon },
        { content: t('frame.support'), url: '/tutorials#support', icon: QuestionCircleIcon },
      ],
    },
    ...companyItems(me, t),
    {
      title: t('language.label'),
      items: LANGUAGES.map((language) => ({
        content: LANGUAGE_NAMES[language],
        active: language === i18n.language,
        suffix: language === i18n.language ? check : undefined,
        disabled: preferences.pending,
        onAction: () => {
          if (language !== i18n.language) preferences.setLanguage(language);
        },
      })),
    },
    {
      title: t('theme.label'),
      items: (['light', 'dark'] as const).map((option) => {
        const active = option === 'dark' ? theme === 'dark' : theme !== 'dark';
        return {
          content: t(option === 'dark' ? 'theme.dark' : 'theme.light'),
          active,
          suffix: active ? check : undefined,
          disabled: preferences.pending,
          onAction: () => {
            if (!active) preferences.setTheme(option);
          },
        };
      }),
    },
    { items: [{ content: t('frame.logout'), icon: ExitIcon, destructive: true, onAction: () => void logout() }] },
  ];

  return (
    <TopBar.UserMenu
      actions={sections as UserMenuActions}
      name={name}
      detail={me.company.name}
      initials={initialsOf(name)}
      open={open}
      onToggle={() => setOpen((value) => !value)}
      accessibilityLabel={t('frame.userMenu')}
    />
  );
}
