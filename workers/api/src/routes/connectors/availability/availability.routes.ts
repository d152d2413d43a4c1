/**
 * @module Route declarations of `POST /connectors/{uid}/set-connector-inoperative|operative`:
 * ChangeAvailability on one connector, behind 'connectors:command:advanced'.
 */

import { connectorCommandResponses as commandResponses } from '@api/lib/charge-point-command';
import { defineRoute } from '@api/lib/route';
import { ByUid } from './availability.schemas';

export const inoperative = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/connectors/{uid}/set-connector-inoperative',
  tags: ['Maintenance'],
  summary: 'ChangeAvailability Inoperative (answered Scheduled while a transaction runs)',
  request: { params: ByUid },
  responses: commandResponses,
});

export const operative = defineRoute('connectors:command:advanced', {
  method: 'post',
  path: '/connectors/{uid}/set-connector-operative',
  tags: ['Maintenance'],
  summary: 'ChangeAvailability Operative (answered Scheduled while a transaction runs)',
  request: { params: ByUid },
  responses: commandResponses,
});
