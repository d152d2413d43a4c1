/** @module UI texts of the fleet area (see define.ts). */
import { defineArea } from './define';

export const fleet = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
