/** @module The selected company's currency, which fixes the number format (app/lib/format.ts) of every screen. */
import { useRouteLoaderData } from '@remix-run/react';
import { DEFAULT_CURRENCY } from './format';

export function useCompanyCurrency(): string {
  const data = useRouteLoaderData('routes/_app') as { me?: { company?: { currency?: string } } } | undefined;
  return data?.me?.company?.currency ?? DEFAULT_CURRENCY;
}
