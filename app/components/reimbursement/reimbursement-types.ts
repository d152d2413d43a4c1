/** @module The reimbursements API's answers as the screens read them (ADR 041: from the route definitions, never by hand). */
import type { InferResponseType } from 'hono/client';
import type { Api } from '../../lib/api.server';

type Client = Api['client']['api'];
export type ReimbursementPage = InferResponseType<Client['fleet-reimbursement']['$get'], 200>;
export type ReimbursementRow = ReimbursementPage['data'][number];
export type ReimbursementDetail = InferResponseType<Client['reimbursement'][':reimbursementId']['$get'], 200>;
export type BulkAnswer = InferResponseType<Client['reimbursement']['bulk']['$post'], 200>;

/** "Ada Tester" or the e-mail when the user has no name. */
export function personName(u: { firstName: string | null; lastName: string | null; email: string }): string {
  return [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
}

/** "2026-10" → "10/2026"-like local month text. */
export function monthLabel(period: string, language: string): string {
  const [y, m] = period.split('-').map(Number);
  if (!y || !m) return period;
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** "12,34 €, 5,00 £": a money total per currency. */
export function totalsText(values: { currency: string; value: number }[], format: (v: number, c: string) => string) {
  return values.map((v) => format(v.value, v.currency)).join(', ') || '—';
}
