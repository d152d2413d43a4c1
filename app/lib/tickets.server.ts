/** @module Maintenance tickets for the ticket screens: reads through the API, and the form's fields. */
import type { InferResponseType } from 'hono/client';
import type { Api } from './api.server';
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
