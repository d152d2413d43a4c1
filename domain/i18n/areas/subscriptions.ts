/** @module UI texts of the subscriptions area (see define.ts): subscription contracts of fleet users (/fleet/users/subscriptions). */
import { defineArea } from './define';

export const subscriptions = defineArea(
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
