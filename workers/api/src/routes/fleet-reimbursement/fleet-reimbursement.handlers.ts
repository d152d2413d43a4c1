/**
 * @module Home-charging reimbursement (issue 19, spec 7.12, ADR 046): the one router of the
 * `/fleet-reimbursement` and `/reimbursement` prefixes. Each resource is a subfolder with its four files
 * (ADR 041); this file only mounts them, literal paths before parameterised ones.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { reimbursementPayoutRoutes } from './payouts/payouts.handlers';
import { reimbursementRoutes } from './reimbursements/reimbursements.handlers';
import { settingsRoutes } from './settings/settings.handlers';
import { tariffRoutes } from './tariffs/tariffs.handlers';

export const fleetReimbursementRoutes = new OpenAPIHono<AppEnv>()
  .route('/', settingsRoutes)
  .route('/', tariffRoutes)
  .route('/', reimbursementPayoutRoutes)
  // Last: /reimbursement/{reimbursementId} would answer for a literal /reimbursement/… mounted after it.
  .route('/', reimbursementRoutes);
