/**
 * @module POST /my-reimbursement-tariffs (issue 19 part 4): the action of the employee's "My tariffs" card
 * (`MyTariffCard`): submit a tariff for themself, edit or delete their pending one. `personal:home-reimbursement`;
 * the API narrows it to the caller's own tariffs (404 otherwise) and refuses a second pending one with the
 * spec's message, which the card shows.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { tariffAction } from '../components/reimbursement/tariffs.server';

/** No page here (the card POSTs): a GET finds a missing page. */
export function loader(_: LoaderFunctionArgs) {
  throw data({ message: 'Not found' }, { status: 404 });
}

export function action(args: ActionFunctionArgs) {
  return tariffAction(args, 'employee');
}
