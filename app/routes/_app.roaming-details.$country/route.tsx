/**
 * @module /roaming-details/{country} (spec 000 "Other", 001 7.5; ADR 057 addendum "EMSP: locations and
 * tariffs"): the roaming partners of the selected company's tree reachable in a country, with their
 * roles, their Locations and EVSEs there (available now) and a readable price summary of each of their
 * Tariffs; a country picker (the countries where partners have Locations), pagination, an empty state.
 */
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { BlockStack, IndexTable, Page, Select, Text } from '@shopify/polaris';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/lists/list-page';
import { useListUrl } from '../../components/lists/use-list-url';
import { AppRouteErrorBoundary } from '../../components/route-error';
import { formatNumber } from '../../lib/format';
import { listUrl, pageNumber } from '../../lib/list-url';
import { titleMeta } from '../../lib/meta';
import { readRoamingDetails } from './roaming-details.server';

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, 'roamingDetails.title');

const url = listUrl({ page: pageNumber() });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const state = { ...url.read(new URL(request.url).searchParams), q: '' };
  const country = String(params.country ?? '').toUpperCase();
  return { ...(await readRoamingDetails(request, context, country, state.page)), state };
}

type Partner = ReturnType<typeof useLoaderData<typeof loader>>['data'][number];
type Summary = Partner['tariffs'][number];
type Range = { min: number; max: number } | null;

/** "0.25–0.35 EUR": a price range in the tariff's currency (excl. VAT). */
function money(r: NonNullable<Range>, currency: string, language: string) {
  const one = (n: number) =>
    new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 4 }).format(n);
  return r.min === r.max ? one(r.min) : `${one(r.min)}–${one(r.max)}`;
}

/** A tariff as one readable line: energy, time, flat, parking; "free" when it has no price. */
export function tariffLine(s: Summary, t: TFunction, language: string) {
  const parts: string[] = [];
  const add = (r: Range, key: 'energy' | 'time' | 'flat' | 'parking') => {
    if (r && r.max > 0) parts.push(t(`roamingDetails.${key}`, { price: money(r, s.currency, language) }));
  };
  add(s.energy, 'energy');
  add(s.time, 'time');
  add(s.flat, 'flat');
  add(s.parking, 'parking');
  const line = parts.length > 0 ? parts.join(' · ') : t('roamingDetails.noPrice');
  return s.restricted ? `${line} (${t('roamingDetails.restricted')})` : line;
}

export default function RoamingDetails() {
  const { t, i18n } = useTranslation();
  const { data, total, items_per_page, country, countries, state } = useLoaderData<typeof loader>();
  const list = useListUrl(state, url.write);
  const navigate = useNavigate();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const name = (code: string) => names.of(code) ?? code;
  const options = [...new Set([country, ...countries])].sort().map((c) => ({ label: name(c), value: c }));
  return (
    <Page title={`${t('roamingDetails.title')}: ${name(country)}`} subtitle={t('roamingDetails.subtitle')}>
      <BlockStack gap="400">
        <Select
          label={t('roamingDetails.country')}
          options={options}
          value={country}
          onChange={(value) => navigate(`/roaming-details/${value}`)}
        />
        <ListPage
          list={list}
          cleared={{}}
          resourceName={t('roamingDetails.title')}
          empty={{ heading: t('roamingDetails.emptyTitle'), body: t('roamingDetails.emptyBody') }}
          headings={[
            { title: t('roamingDetails.colPartner') },
            { title: t('roamingDetails.colRoles') },
            { title: t('roamingDetails.colLocations') },
            { title: t('roamingDetails.colEvses') },
            { title: t('roamingDetails.colTariffs') },
          ]}
          rowCount={data.length}
          pagination={{ total, pageSize: items_per_page, countLabel: formatNumber(total) }}
        >
          {data.map((p, index) => (
            <IndexTable.Row id={String(p.peering_id)} key={p.peering_id} position={index}>
              <IndexTable.Cell>
                <BlockStack gap="100">
                  <Text as="span" fontWeight="semibold">
                    {p.name}
                  </Text>
                  <Text as="span" tone="subdued">
                    {p.company_name}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {p.roles.map((r) => `${r.role} ${r.country_code}*${r.party_id}`).join(', ')}
              </IndexTable.Cell>
              <IndexTable.Cell>{formatNumber(p.locations)}</IndexTable.Cell>
              <IndexTable.Cell>{`${formatNumber(p.evses)} (${formatNumber(p.evses_available)})`}</IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="100">
                  {p.tariffs.length === 0 ? (
                    <Text as="span" tone="subdued">
                      {t('roamingDetails.noTariff')}
                    </Text>
                  ) : (
                    p.tariffs.map((s) => (
                      <Text as="span" key={s.id}>
                        {`${s.id}: ${tariffLine(s, t, i18n.language)}`}
                      </Text>
                    ))
                  )}
                </BlockStack>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ListPage>
      </BlockStack>
    </Page>
  );
}

export const ErrorBoundary = AppRouteErrorBoundary;
