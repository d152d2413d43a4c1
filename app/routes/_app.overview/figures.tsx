/** @module The company overview's figures, in screen order, each with the list screen it links to. */
import { Button } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { tKey } from '../../i18n/resources';
import { formatKwh, formatMoney, formatNumber } from '../../lib/format';
import type { FigureCardProps } from './figure-card';
import type { loader } from './route';

type Overview = Awaited<ReturnType<typeof loader>>['overview'];

/** The connector status buckets the overview names; the others are counted in the total only. */
const BUCKETS = ['available', 'charging', 'faulted', 'offline'] as const;

export function figuresOf(o: Overview, t: TFunction): FigureCardProps[] {
  const currency = o.company.currency;
  const n = (value: number) => formatNumber(value, { currency });
  const lastMonth = (value: string) => t('companyOverview.lastMonth', { value });
  const figures: FigureCardProps[] = [
    {
      label: t('companyOverview.sessions'),
      value: n(o.this_month.sessions),
      details: [lastMonth(n(o.last_month.sessions))],
      url: '/connectors/sessions',
    },
    {
      label: t('companyOverview.energy'),
      value: formatKwh(o.this_month.energy_wh, currency),
      details: [lastMonth(formatKwh(o.last_month.energy_wh, currency))],
      url: '/connectors/sessions',
    },
    {
      label: t('companyOverview.revenue'),
      value: formatMoney(o.this_month.revenue, currency),
      details: [lastMonth(formatMoney(o.last_month.revenue, currency)), t('companyOverview.revenueHelp')],
      url: '/connectors/sessions',
    },
    {
      label: t('companyOverview.stations'),
      value: n(o.stations.total),
      details: [
        t('companyOverview.online', { count: o.stations.online }),
        t('companyOverview.offline', { count: o.stations.offline }),
      ],
      url: '/connectors/stations',
    },
    {
      label: t('companyOverview.connectors'),
      value: n(o.connectors.total),
      details: BUCKETS.map((b) => `${tKey(t, `overview.status.${b}`)}: ${n(o.connectors.by_status[b] ?? 0)}`),
      url: '/connectors/overview',
    },
    {
      label: t('companyOverview.tickets'),
      value: n(o.open_tickets),
      details: [t('companyOverview.faulted', { count: o.connectors.by_status.faulted ?? 0 })],
      url: '/maintainer/overview',
      muted: o.open_tickets === 0,
    },
    {
      label: t('companyOverview.users'),
      value: n(o.users.total),
      details: [
        <Button key="staff" variant="plain" url="/backoffice">
          {t('companyOverview.staff', { count: o.users.backoffice })}
        </Button>,
        <Button key="private" variant="plain" url="/fleet/users/private">
          {t('companyOverview.privateUsers', { count: o.users.private })}
        </Button>,
      ],
      url: '/fleet/users',
    },
    { label: t('companyOverview.cards'), value: n(o.active_cards), url: '/fleet/key-hangers' },
    {
      label: t('companyOverview.companies'),
      value: n(o.companies.total),
      details: [
        t('companyOverview.open', { count: o.companies.open }),
        t('companyOverview.closedCount', { count: o.companies.closed }),
      ],
      url: '/companies',
    },
  ];
  if (o.stripe_onboarding) {
    figures.push({
      label: t('companyOverview.stripe'),
      value: tKey(t, `billingAccounts.states.${o.stripe_onboarding}`),
      url: `/stripe/onboard/${o.company.id}`,
      muted: o.stripe_onboarding === 'done',
    });
  }
  return figures;
}
