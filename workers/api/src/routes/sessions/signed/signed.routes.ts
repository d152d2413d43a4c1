/** @module Route declarations of a session's signed meter values and their S.A.F.E. export (ADR 060). */
import { defineRoute, errorResponse, json } from '@api/lib/route';
import { SessionIdParam } from '../../my-sessions/my-sessions.schemas';
import { IdParams } from '../list/list.schemas';
import { SignedMeterValues } from './signed.schemas';

const safeXml = (description: string) => ({
  description,
  content: { 'application/xml': { schema: { type: 'string' as const } } },
});

export const operatorSigned = defineRoute('session:basic', {
  method: 'get',
  path: '/sessions/{id}/signed-meter-values',
  tags: ['Sessions'],
  summary:
    'The signed meter values of a session (Eichrecht), each verified against the meter’s public key (its own, else the station’s meter key): format, status, meter serial and readings. Same scope as the session detail.',
  request: { params: IdParams },
  responses: {
    200: json(SignedMeterValues),
    404: errorResponse('No such session in the caller’s scope'),
  },
});

export const operatorSafe = defineRoute('session:basic', {
  method: 'get',
  path: '/sessions/{id}/signed-meter-values/safe',
  tags: ['Sessions'],
  summary: 'The signed meter values of a session as the XML file the S.A.F.E. transparency software opens (a download)',
  request: { params: IdParams },
  responses: {
    200: safeXml('The S.A.F.E. XML file, as a download'),
    404: errorResponse('No such session in the caller’s scope, or it has no signed meter values'),
  },
});

export const mySigned = defineRoute('personal:self-charge', {
  method: 'get',
  path: '/my-sessions/{sessionId}/signed-meter-values',
  tags: ['My pages'],
  summary: 'The signed meter values of one of the caller’s own sessions, each verified (format, status, readings)',
  request: { params: SessionIdParam },
  responses: { 200: json(SignedMeterValues), 404: errorResponse('Not one of the caller’s sessions') },
});

export const mySafe = defineRoute('personal:self-charge', {
  method: 'get',
  path: '/my-sessions/{sessionId}/signed-meter-values/safe',
  tags: ['My pages'],
  summary: 'The signed meter values of one of the caller’s own sessions as the S.A.F.E. XML file (a download)',
  request: { params: SessionIdParam },
  responses: {
    200: safeXml('The S.A.F.E. XML file, as a download'),
    404: errorResponse('Not one of the caller’s sessions, or it has no signed meter values'),
  },
});
