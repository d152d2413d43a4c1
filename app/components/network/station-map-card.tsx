/**
 * @module The overview's map card: markers fetched after the page shows, the MapLibre map loaded
 * lazily in the browser only (it never reaches the server bundle or other pages), and beside it a
 * list of the stations that need attention, which also stands in when the map cannot draw.
 */
import { Link, useFetcher } from '@remix-run/react';
import { Badge, Banner, BlockStack, Card, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tKey } from '../../i18n/resources';
import type { Tone } from '../../lib/connector-status';
import { CLUSTER_STYLE, MARKER_COLOURS, MARKER_ORDER, type MarkerBucket, type StationMarker } from './map-markers';

const StationMap = lazy(() => import('./station-map.client'));

const TONES: Record<MarkerBucket, Tone> = {
  available: 'success',
  charging: 'info',
  faulted: 'critical',
  offline: undefined,
  unavailable: 'warning',
};
const LIST_SIZE = 8;

/** WebGL missing or the style unreachable: the list below still shows every station's state. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function StationMapCard({ styleUrl, revision }: { styleUrl: string | null; revision: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ markers: StationMarker[]; truncated: boolean }>();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Reload markers when the live feed revalidated the page (revision changes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetcher.load is stable enough; revision drives reloads
  useEffect(() => {
    fetcher.load('/connectors/map-markers');
  }, [revision]);

  const markers = fetcher.data?.markers ?? null;
  const counts = Object.fromEntries(MARKER_ORDER.map((b) => [b, 0])) as Record<MarkerBucket, number>;
  for (const m of markers ?? []) counts[m.bucket] += 1;
  const urgent = [...(markers ?? [])]
    .sort((a, b) => MARKER_ORDER.indexOf(a.bucket) - MARKER_ORDER.indexOf(b.bucket) || a.name.localeCompare(b.name))
    .slice(0, LIST_SIZE);

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('network.map.title')}
          </Text>
          <Link to="/connectors/stations">{t('network.map.allStations')}</Link>
        </InlineStack>
        {/* Stations per state of the same model as the overview's cards: an offline station is offline. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a legend of coloured counts, not a form: a fieldset would say otherwise. */}
        <div role="group" aria-label={t('network.map.legend')}>
          <InlineStack gap="300" blockAlign="center">
            <Text as="span" variant="bodySm" tone="subdued">
              {t('network.map.stationsByState')}
            </Text>
            {MARKER_ORDER.map((b) => (
              <InlineStack key={b} gap="100" blockAlign="center">
                <span
                  aria-hidden
                  style={{
                    width: 10,
                    height: 10,
                    borderRadius: 5,
                    background: MARKER_COLOURS[b],
                    display: 'inline-block',
                  }}
                />
                <Text as="span" variant="bodySm">
                  {tKey(t, `network.map.bucket.${b}`)} ({counts[b]})
                </Text>
              </InlineStack>
            ))}
            <InlineStack gap="100" blockAlign="center">
              <span
                aria-hidden
                data-testid="cluster-swatch"
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 7,
                  background: CLUSTER_STYLE.fill,
                  border: `3px solid ${CLUSTER_STYLE.ring}`,
                  display: 'inline-block',
                }}
              />
              <Text as="span" variant="bodySm">
                {t('network.map.cluster')}
              </Text>
            </InlineStack>
          </InlineStack>
        </div>
        {!styleUrl ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {t('network.map.noTiles')}
          </Text>
        ) : null}
        {fetcher.data?.truncated ? <Banner tone="warning">{t('network.map.truncated')}</Banner> : null}
        {markers && mounted ? (
          <MapBoundary fallback={<Banner tone="warning">{t('network.map.unavailable')}</Banner>}>
            <Suspense fallback={<SkeletonBodyText lines={8} />}>
              <StationMap markers={markers} styleUrl={styleUrl} />
            </Suspense>
          </MapBoundary>
        ) : (
          <SkeletonBodyText lines={8} />
        )}
        {markers && markers.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('network.map.empty')}
          </Text>
        ) : null}
        {urgent.length ? (
          <table className="network-station-list" aria-label={t('network.map.listLabel')} style={{ width: '100%' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>{t('network.map.colStation')}</th>
                <th style={{ textAlign: 'left' }}>{t('network.map.colCity')}</th>
                <th style={{ textAlign: 'left' }}>{t('network.map.colState')}</th>
              </tr>
            </thead>
            <tbody>
              {urgent.map((m) => (
                <tr key={m.id} data-bucket={m.bucket}>
                  <td>
                    <Link to={`/connectors/${m.connectorId}/detail`}>{m.name}</Link>
                  </td>
                  <td>{m.city ?? '—'}</td>
                  <td>
                    <Badge tone={TONES[m.bucket]}>{tKey(t, `network.map.bucket.${m.bucket}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </BlockStack>
    </Card>
  );
}
