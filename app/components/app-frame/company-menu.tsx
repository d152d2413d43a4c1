/** @module The company switcher: the user's company and its descendants (the `companies` tree). */
import { useFetcher, useLocation } from '@remix-run/react';
import { Box, Text, TopBar } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenCompanies } from '../../lib/companies';
import type { Me } from '../../lib/session.server';
import type { action } from '../../routes/switch-company';
import { useFeedback } from '../feedback';

export function CompanyMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof action>({ key: 'switch-company' });
  const { flash, notify } = useFeedback();
  const companies = flattenCompanies(me.companies);
  const { pathname } = useLocation();

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result) return;
    if ('forbidden' in result && result.forbidden) {
      notify({ title: t('common.error403'), message: result.message || t('common.forbidden') });
    } else if ('toast' in result) {
      flash(result.toast);
    }
  }, [fetcher.state, fetcher.data, flash, notify, t]);

  const label = (
    <Text as="span" variant="bodyMd" fontWeight="medium" tone="text-inverse" truncate>
      {me.company.name}
    </Text>
  );
  if (companies.length <= 1) return <Box paddingInline="300">{label}</Box>;

  return (
    <TopBar.Menu
      activatorContent={label}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      accessibilityLabel={t('frame.switchCompany')}
      actions={[
        {
          title: t('frame.switchCompany'),
          items: companies.map((company) => ({
            content: company.name,
            active: company.id === me.company.id,
            disabled: fetcher.state !== 'idle',
            prefix:
              company.depth > 0 ? <span style={{ display: 'inline-block', width: company.depth * 16 }} /> : undefined,
            onAction: () => {
              setOpen(false);
              if (company.id === me.company.id) return;
              fetcher.submit(
                { companyId: String(company.id), from: pathname },
                { method: 'post', action: '/switch-company' },
              );
            },
          })),
        },
      ]}
    />
  );
}
