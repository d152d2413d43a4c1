/** @module UI texts of the maintenance area (see define.ts). */
import { defineArea } from './define';

export const maintenance = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
