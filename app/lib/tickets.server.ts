/** @module Maintenance tickets for the ticket screens: reads through the API, and the form's fields. */
import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import type { InferResponseType } from 'hono/client';
import { type Api, createApi } from './api.server';
import { unwrap } from './maintenance.server';
import { requirePermission } from './session.server';
import { PRIORITIES, type Priority } from './tickets';

export type Ticket = InferResponseType<Api['client']['api']['maintenance']['ticket'][':id']['$get'], 200>;
export type MaintainerOverview = InferResponseType<Api['client']['api']['maintainer']['overview']['$get'], 200>;

/** The ticket form as the API wants it; `missing` names required fields left empty (nothing is sent then). */
export function readTicketForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const priority = text('priority');
  const fields = {
    title: text('title'),
    problem: text('problem'),
    action: text('action') || null,
    operator: text('operator') || null,
    priority: (PRIORITIES as readonly string[]).includes(priority) ? (priority as Priority) : 'new',
    resolved: form.get('resolved') === 'on',
  };
  const missing = (['title', 'problem'] as const).filter((k) => !fields[k]);
  return { fields, missing };
}

/** Ticket {id} for a page behind tickets:manage, with the caller; unwrap's 403/404 otherwise. */
export async function loadTicket({ request, context, params }: LoaderFunctionArgs) {
  const me = await requirePermission(request, context, 'tickets:manage');
  const api = createApi(request, context);
  const ticket = unwrap<Ticket>(
    me,
    await api.send(api.client.api.maintenance.ticket[':id'].$get({ param: { id: params.id ?? '' } })),
  );
  return { me, ticket };
}
