/** @module A customer group or user id from a route param: a positive 32-bit integer, else 0 (which the API answers 404). */
export const idOf = (raw: string | undefined): string => {
  const n = Number(raw);
  return String(Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : 0);
};
