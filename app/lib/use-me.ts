/** @module The logged-in user inside the `_app` layout. */
import { useRouteLoaderData } from '@remix-run/react';
import type { Me } from './session.server';

export function useMe(): Me {
  const data = useRouteLoaderData('routes/_app') as { me: Me } | undefined;
  if (!data) throw new Error('useMe outside the _app layout');
  return data.me;
}
