/** @module UI texts of the onboarding area (see define.ts): the station onboarding screens (create from template, offline stations, peering, publish, move and hide stations). */
import { defineArea } from './define';

export const onboarding = defineArea(
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
