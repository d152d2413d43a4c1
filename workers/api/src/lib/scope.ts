/** @module The caller's company scope: the selected company and its descendants, which every query is limited to. */
import type { Context } from 'hono';
import { companyScopeIds } from '../../../../drizzle/queries/companies';
import type { AppEnv } from '../env';
import { authOf } from '../middleware/permission';

/** Ids of the caller's selected company and all its descendants. */
export const callerScope = (c: Context<AppEnv>) => companyScopeIds(c.get('db'), authOf(c).company.id);
