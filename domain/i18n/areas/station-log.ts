/** @module UI texts of the stationLog area (see define.ts). */
import { defineArea } from './define';

export const stationLog = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
