/** @module UI texts of the customerGroups area (see define.ts): customer groups and their session list. */
import { defineArea } from './define';

export const customerGroups = defineArea(
  {},
  {
    de: {},
    fr: {},
    nl: {},
    it: {},
    es: {},
    pt: {},
  },
);
