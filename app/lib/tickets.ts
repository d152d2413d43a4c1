/** @module Ticket priorities (spec section 4), in the order the screens list them. */
export const PRIORITIES = ['new', 'stuck', 'critical', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
