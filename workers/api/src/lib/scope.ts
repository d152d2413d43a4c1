/** @module The caller's company scope: the selected company and its descendants, which every query is limited to. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { authOf } from '../middleware/permission';

/**
 * Ids of the caller's selected company and all its descendants, read with the session in the same
 * D1 round trip (middleware/session.ts), so a route pays nothing more for its scope.
 */
export const callerScope = async (c: Context<AppEnv>): Promise<number[]> => authOf(c).scope;
