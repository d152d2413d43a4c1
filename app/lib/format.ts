/** @module The app's numbers, money and dates: the product's one formatter (`domain/format/format.ts`). */
export * from '@domain/format/format';
