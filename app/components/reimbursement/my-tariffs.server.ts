/**
 * @module The data of the employee's "My tariffs" card (issue 19 part 4), for the loader of the page that
 * places it (/stripe-home-reimbursement): `loadMyTariffs(api, me)` gives the caller's own tariffs, their
 * power contracts to attach (not invalidated ones) and the company's currency — the card's props.
 */
export { loadMyTariffs } from './tariffs.server';
