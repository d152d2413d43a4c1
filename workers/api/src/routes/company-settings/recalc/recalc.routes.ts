/**
 * @module Route declaration of the recalculation of a month of home reimbursements (spec 7.5 lists it
 * as a GET; it changes state, so it is a POST: ADR 046 addendum), behind 'fleet:home-reimbursement:manage'.
 */
import { defineRoute, errorResponse as error, json, jsonBody } from '@api/lib/route';
import { RecalcAnswer, RecalcBody } from './recalc.schemas';

export const recalcHomeReimbursements = defineRoute('fleet:home-reimbursement:manage', {
  method: 'post',
  path: '/settings/recalc/home-reimbursements',
  tags: ['Home reimbursement'],
  summary:
    "Recomputes every eligible employee's home reimbursement of a month that has ended: missing months created, changed values back to their first status with an event, settled ones untouched",
  request: { body: jsonBody(RecalcBody) },
  responses: {
    200: json(RecalcAnswer),
    400: error('Not a month, or a month that has not ended'),
    403: error('The company is outside your scope'),
  },
});
