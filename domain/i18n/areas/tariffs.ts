/** @module UI texts of the tariffs area (see define.ts). */
import { defineArea } from './define';

export const tariffs = defineArea({}, { de: {}, fr: {}, nl: {}, it: {}, es: {}, pt: {} });
