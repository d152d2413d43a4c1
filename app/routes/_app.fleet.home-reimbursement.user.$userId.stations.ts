/**
 * @module The home stations card's actions (POST only: create, switch offline/online, delete), for the
 * employee page /fleet/home-reimbursement/user/{userId}; the card lives in components/reimbursement.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { fleetId } from '../lib/fleet.server';
import { homeStationAction } from '../lib/home-stations.server';

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { answer, status } = await homeStationAction(request, context, fleetId(params.userId));
  return data(answer, { status });
}

/** No page here: a GET is the not-found page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}
