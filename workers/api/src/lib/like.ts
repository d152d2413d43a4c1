/** @module LIKE patterns for the lists' keyword search. */

/** LIKE pattern matching `keyword` literally anywhere (% and _ escaped). */
export const contains = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
