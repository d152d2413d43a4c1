/**
 * @module "Which tariff priced each perspective, and why" on the session detail (issue 24 §6): the
 * stored tariff of each perspective, whether today's tariffs would choose another one, and the
 * verdict of every candidate (chosen, outranked by which tariff on which criterion, excluded why).
 */
import { Badge, BlockStack, Card, DataTable, InlineGrid, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';

export interface PerspectiveWhy {
  perspective: 'emp' | 'subcpo' | 'owner';
  priced_with: { id: number; name: string } | null;
  would_choose: { id: number; name: string } | null;
  stale: boolean;
  candidates: {
    tariff_id: number;
    name: string;
    outcome: 'chosen' | 'outranked' | 'excluded';
    exclusion: string | null;
    by: number | null;
    criterion: string | null;
    approved_after_pricing: boolean;
  }[];
}

const TONE = { chosen: 'success', outranked: 'attention', excluded: undefined } as const;

export function PricingWhy({ why }: { why: PerspectiveWhy[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('tariffReach.why.title')}
        </Text>
        <InlineGrid columns={1} gap="400">
          {why.map((p) => {
            const names = new Map(p.candidates.map((c) => [c.tariff_id, c.name]));
            const reason = (c: PerspectiveWhy['candidates'][number]) => {
              const parts: string[] = [];
              if (c.outcome === 'excluded' && c.exclusion)
                parts.push(tKey(t, `tariffReach.why.exclusion.${c.exclusion}`));
              if (c.outcome === 'outranked' && c.criterion)
                parts.push(
                  tKey(t, `tariffReach.why.criterion.${c.criterion}`, {
                    name: c.by !== null ? (names.get(c.by) ?? `#${c.by}`) : '',
                  }),
                );
              if (c.approved_after_pricing) parts.push(t('tariffReach.why.approvedAfter'));
              return parts.join(' · ') || '—';
            };
            return (
              <BlockStack gap="200" key={p.perspective}>
                <Text as="h3" variant="headingSm">
                  {tKey(t, `tariffReach.perspectives.${p.perspective}`)}
                  {' · '}
                  {p.priced_with
                    ? `${t('tariffReach.why.pricedWith')} “${p.priced_with.name}”`
                    : t('tariffReach.why.notPriced')}
                </Text>
                {/* Priced with another tariff than today's choice, or not priced while one would apply now. */}
                {p.stale || (p.priced_with === null && p.would_choose !== null) ? (
                  <Text as="p" tone="caution">
                    {p.would_choose
                      ? t('tariffReach.why.wouldChoose', { name: p.would_choose.name })
                      : t('tariffReach.why.wouldChooseNone')}
                  </Text>
                ) : null}
                {p.candidates.length === 0 ? (
                  <Text as="p" tone="subdued">
                    {t('tariffReach.why.noCandidates')}
                  </Text>
                ) : (
                  <div data-testid={`pricing-why-${p.perspective}`}>
                    <DataTable
                      columnContentTypes={['text', 'text', 'text']}
                      headings={[
                        t('tariffReach.why.colTariff'),
                        t('tariffReach.why.colOutcome'),
                        t('tariffReach.why.colWhy'),
                      ]}
                      rows={p.candidates.map((c) => [
                        <a href={`/tariffs/edit/${c.tariff_id}`} key="n">
                          {c.name}
                        </a>,
                        <Badge tone={TONE[c.outcome]} key="o">
                          {tKey(t, `tariffReach.why.outcome.${c.outcome}`)}
                        </Badge>,
                        reason(c),
                      ])}
                    />
                  </div>
                )}
              </BlockStack>
            );
          })}
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
