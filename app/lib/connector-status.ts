/** @module The connector state buckets of spec section 4, in the spec's order, with the tone an operator reads them by. */
import type { Badge } from '@shopify/polaris';
import type { ComponentProps } from 'react';

export type Tone = ComponentProps<typeof Badge>['tone'];

export const STATUS_TONES: Record<string, Tone> = {
  available: 'success',
  charging: 'info',
  suspended: 'attention',
  reserved: 'info',
  offline: 'critical',
  faulted: 'critical',
  unavailable: 'warning',
  blocked: 'warning',
  inoperative: 'warning',
  out_of_order: 'critical',
  to_be_installed: 'new',
  removed: undefined,
  unknown: undefined,
};
