/** @module Charge point ids of the benchmark's stations, shared by the seed script and the load. */
export const benchId = (i: number) => `BENCH-${String(i + 1).padStart(5, '0')}`;
