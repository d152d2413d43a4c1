/** @module UI texts of the userImport area (see define.ts): the fleet user import from .xls/.xlsx. */
import { defineArea } from './define';

export const userImport = defineArea(
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
