/** @module The move-stations list's page size, asked of the API by the loader and used by the page's pagination. */
export const PAGE_SIZE = 25;
