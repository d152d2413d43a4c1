/** @module UI texts of the groups area (see define.ts): connector groups (tags) and locations. */
import { defineArea } from './define';

export const groups = defineArea(
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
