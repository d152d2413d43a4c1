/** @module The connector group page's page sizes, asked of the API by the loader and used by the page's lists. */
export const CONNECTORS_PAGE = 25;
export const SESSIONS_PAGE = 10;
/** Matches per page of the "add connectors" search. */
export const CANDIDATES_PAGE = 20;
