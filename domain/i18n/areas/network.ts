/** @module UI texts of the network area (see define.ts). */
import { defineArea } from './define';

export const network = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
