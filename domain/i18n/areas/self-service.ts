/** @module UI texts of the selfService area (see define.ts): the driver's own personal data (update-user-data, my-data). */
import { defineArea } from './define';

export const selfService = defineArea(
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
