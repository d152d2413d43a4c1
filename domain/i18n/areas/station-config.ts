/** @module UI texts of the stationConfig area (see define.ts). */
import { defineArea } from './define';

export const stationConfig = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
