/** @module UI texts of the pdfExport area (see define.ts): the PDF export of lists. */
import { defineArea } from './define';

export const pdfExport = defineArea(
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
