/**
 * @module The station map (MapLibre through react-map-gl), loaded lazily and only in the browser.
 * Stations are one clustered GeoJSON source drawn as circles, so 10,000 stations stay fluid and
 * nothing needs glyphs or sprites: without a configured style the map is a plain background with
 * the markers on it, and no request leaves the site.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Link } from '@remix-run/react';
import { BlockStack, Text } from '@shopify/polaris';
import type { GeoJSONSource, MapLayerMouseEvent, StyleSpecification } from 'maplibre-gl';
import * as maplibregl from 'maplibre-gl';
// MapLibre finds its worker next to its own module, which bundling moves: point it at the emitted file.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MapGL, { Layer, type MapRef, NavigationControl, Popup, Source } from 'react-map-gl/maplibre';
import { tKey } from '../../i18n/resources';
import { boundsOf, CLUSTER_STYLE, MARKER_COLOURS, type StationMarker } from './map-markers';

maplibregl.setWorkerUrl(workerUrl);

const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } }],
};

const colourByBucket = [
  'match',
  ['get', 'bucket'],
  ...Object.entries(MARKER_COLOURS).flat(),
  '#616161',
] as unknown as string;

export interface StationMapProps {
  markers: StationMarker[];
  /** A MapLibre style URL; without one the markers sit on a plain background. */
  styleUrl: string | null;
}

export default function StationMap({ markers, styleUrl }: StationMapProps) {
  const { t } = useTranslation();
  const ref = useRef<MapRef>(null);
  const [selected, setSelected] = useState<StationMarker | null>(null);
  const [rendered, setRendered] = useState(0);
  const byId = useMemo(() => new Map(markers.map((m) => [m.id, m])), [markers]);
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: markers.map((m) => ({
        type: 'Feature' as const,
        id: m.id,
        geometry: { type: 'Point' as const, coordinates: [m.lng, m.lat] },
        properties: { id: m.id, bucket: m.bucket, faulted: m.bucket === 'faulted' ? 1 : 0 },
      })),
    }),
    [markers],
  );
  const bounds = boundsOf(markers) ?? [-5, 41, 10, 51.5];

  const onClick = async (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const map = ref.current;
    if (!feature || !map) return;
    if (feature.properties?.cluster) {
      const source = map.getSource('stations') as GeoJSONSource;
      const zoom = await source.getClusterExpansionZoom(feature.properties.cluster_id as number);
      const [lng, lat] = (feature.geometry as { coordinates: [number, number] }).coordinates;
      map.easeTo({ center: [lng, lat], zoom });
      return;
    }
    setSelected(byId.get(Number(feature.properties?.id)) ?? null);
  };

  return (
    <div
      style={{ height: 420, width: '100%', position: 'relative' }}
      data-testid="station-map"
      data-rendered-features={rendered}
    >
      <MapGL
        ref={ref}
        mapLib={maplibregl}
        initialViewState={{ bounds, fitBoundsOptions: { padding: 40, maxZoom: 14 } }}
        mapStyle={styleUrl ?? PLAIN_STYLE}
        interactiveLayerIds={['clusters', 'stations']}
        onClick={onClick}
        onIdle={(e) => setRendered(e.target.queryRenderedFeatures({ layers: ['clusters', 'stations'] }).length)}
        attributionControl={styleUrl ? undefined : false}
        cursor="pointer"
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <Source
          id="stations"
          type="geojson"
          data={data}
          cluster
          clusterRadius={40}
          clusterMaxZoom={13}
          clusterProperties={{ faulted: ['+', ['get', 'faulted']] }}
        >
          <Layer
            id="clusters"
            type="circle"
            filter={['has', 'point_count']}
            paint={{
              'circle-color': CLUSTER_STYLE.fill,
              'circle-opacity': 0.9,
              'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 100, 22, 1000, 28],
              'circle-stroke-width': 4,
              'circle-stroke-color': [
                'case',
                ['>', ['get', 'faulted'], 0],
                CLUSTER_STYLE.faultedRing,
                CLUSTER_STYLE.ring,
              ],
            }}
          />
          <Layer
            id="stations"
            type="circle"
            filter={['!', ['has', 'point_count']]}
            paint={{
              'circle-color': colourByBucket,
              'circle-radius': 7,
              'circle-stroke-width': 2,
              'circle-stroke-color': '#ffffff',
            }}
          />
        </Source>
        {selected ? (
          <Popup
            longitude={selected.lng}
            latitude={selected.lat}
            anchor="bottom"
            offset={10}
            onClose={() => setSelected(null)}
            closeOnClick={false}
          >
            <BlockStack gap="100">
              <Text as="p" fontWeight="semibold">
                {selected.name}
              </Text>
              <Text as="p" tone="subdued">
                {selected.city ?? '—'} · {t('network.map.connectors', { count: selected.connectors })}
              </Text>
              <Text as="p">{tKey(t, `network.map.bucket.${selected.bucket}`)}</Text>
              <Link to={`/connectors/${selected.connectorId}/detail`}>{t('network.map.openConnector')}</Link>
            </BlockStack>
          </Popup>
        ) : null}
      </MapGL>
    </div>
  );
}
