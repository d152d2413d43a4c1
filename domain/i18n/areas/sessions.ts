/** @module UI texts of the sessions area (see define.ts). */
import { defineArea } from './define';

export const sessions = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
