/**
 * @module The receipt of a finished QR payment (issue 18 part 4): its lines (station, connector,
 * times, energy, held, paid, released, reference) in the driver's language, the PDF download, and the
 * e-mail through the outbox (the dev mailbox locally), sent once per payment.
 */
import { enqueueEmail } from '@api/lib/email.store';
import type { Db } from '@db/db';
import { formatDateTime, formatKwh, formatMoney } from '@domain/format/format';
import { receiptPdf } from '@domain/qr-payments/receipt-pdf';
import { isFinal } from '@domain/qr-payments/status';
import { qrPay } from '@i18n/areas/qr-pay';
import { isLanguage, type Language } from '@i18n/languages';
import { notePayment, type PaymentRow, placeOf, sessionOf } from './pay.store';

export const textsOf = (language: string) => qrPay[isLanguage(language) ? language : 'en'];
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

export interface Receipt {
  title: string;
  station: string;
  lines: [string, string][];
}

/** The receipt of a finished payment that charged (a session exists); null otherwise. */
export async function receiptOf(
  db: Db,
  p: PaymentRow,
  language: Language | string = p.language,
): Promise<Receipt | null> {
  if (!isFinal(p.status) || p.sessionId === null) return null;
  const [place, session] = await Promise.all([placeOf(db, p), sessionOf(db, p.sessionId)]);
  if (!place || !session) return null;
  const t = textsOf(language);
  const lang = isLanguage(language) ? language : 'en';
  const money = (n: number) => formatMoney(n, p.currency);
  const captured = p.capturedAmount ?? 0;
  const lines: [string, string][] = [
    [t.receipt.station, `${place.stationName}${place.city ? `, ${place.city}` : ''}`],
    [t.receipt.connector, `${place.evseId ?? ''} (${place.connectorNumber})`],
    [t.receipt.start, formatDateTime(session.startAt, { language: lang })],
    [t.receipt.end, session.endAt ? formatDateTime(session.endAt, { language: lang }) : '—'],
    [t.receipt.energy, formatKwh(session.energyWh, p.currency)],
    [t.receipt.held, money(p.amountHeld)],
    [t.receipt.paid, money(captured)],
    [t.receipt.released, money(p.amountHeld - captured)],
    [t.receipt.reference, p.authId],
  ];
  return { title: `${t.receipt.title} · ${place.operator}`, station: place.stationName, lines };
}

export async function receiptPdfOf(db: Db, p: PaymentRow, language: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const r = await receiptOf(db, p, language);
  return r ? receiptPdf({ title: r.title, lines: r.lines, createdAt: p.finishedAt ?? new Date() }) : null;
}

/** E-mails the receipt once, when the driver gave an address; `origin` adds the link to its status page. */
export async function sendReceipt(db: Db, p: PaymentRow, origin?: string): Promise<void> {
  if (!p.email || p.receiptSentAt) return;
  const r = await receiptOf(db, p);
  if (!r) return;
  const t = textsOf(p.language);
  const text = [
    fill(t.receipt.emailIntro, { station: r.station }),
    '',
    ...r.lines.map(([label, value]) => `${label}: ${value}`),
    ...(origin ? ['', fill(t.receipt.emailLink, { url: `${origin}/pay/status?token=${p.token}` })] : []),
  ].join('\n');
  await notePayment(db, p.id, { receiptSentAt: new Date() });
  await enqueueEmail(db, {
    to: p.email,
    subject: fill(t.receipt.emailSubject, { station: r.station }),
    text,
    template: 'qr-payment-receipt',
  });
}
