/** @module Station markers shared by the map (client only) and its list fallback. */

export type MarkerBucket = 'available' | 'charging' | 'faulted' | 'offline' | 'unavailable';

export interface StationMarker {
  id: number;
  name: string;
  city: string | null;
  lat: number;
  lng: number;
  connectorId: number;
  connectors: number;
  bucket: MarkerBucket;
}

/** Marker colours (Polaris tones: success, info, critical, subdued, warning). */
export const MARKER_COLOURS: Record<MarkerBucket, string> = {
  available: '#29845a',
  charging: '#005bd3',
  faulted: '#e51c00',
  offline: '#616161',
  unavailable: '#b28400',
};

/**
 * Clusters are groups of stations, not a state: white with a dark ring, never a state's colour (a grey
 * cluster read as "offline"); red ring when it holds a faulted station.
 */
export const CLUSTER_STYLE = { fill: '#ffffff', ring: '#303030', faultedRing: MARKER_COLOURS.faulted } as const;

/** Most urgent first: what an operator looks at in the list beside the map. */
export const MARKER_ORDER: MarkerBucket[] = ['faulted', 'offline', 'unavailable', 'charging', 'available'];

/** [west, south, east, north] around every marker, or null without markers. */
export function boundsOf(markers: StationMarker[]): [number, number, number, number] | null {
  if (!markers.length) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const m of markers) {
    w = Math.min(w, m.lng);
    e = Math.max(e, m.lng);
    s = Math.min(s, m.lat);
    n = Math.max(n, m.lat);
  }
  // A single station still needs an area to show.
  if (e - w < 0.01) [w, e] = [w - 0.05, e + 0.05];
  if (n - s < 0.01) [s, n] = [s - 0.05, n + 0.05];
  return [w, s, e, n];
}
