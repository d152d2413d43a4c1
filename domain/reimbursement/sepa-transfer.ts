/**
 * @module The SEPA credit-transfer file of home reimbursements paid by bank transfer (issue 19 part 7,
 * ADR 046): ISO 20022 `pain.001.001.03`, one payment information block debiting the company's account,
 * one transaction per reimbursement (end-to-end id `HR-{reimbursementId}`, remittance "Home charging
 * {period}"). Pure: the API reads the IBANs (the employees' decrypted), this checks and builds.
 * Texts are reduced to the SEPA character set (accents dropped, other characters replaced) and cut to
 * the schema's lengths; the XML builder escapes what XML needs.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { isValidIban, normalizeIban } from '../self-service/iban';

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

export interface SepaDebtor {
  name: string;
  /** Free text (the company's bank info): the first valid IBAN in it, and a BIC when one follows "BIC". */
  bankInfo: string | null;
}

export interface SepaCreditTransfer {
  reimbursementId: number;
  /** The employee's name (the IBAN owner when set, else the user's name). */
  creditorName: string;
  /** Decrypted, or null when the employee has none on file. */
  iban: string | null;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  /** YYYY-MM. */
  period: string;
}

export type SepaRefusal =
  | { error: 'companyIbanMissing' }
  | { error: 'bankTransferCurrency' }
  | { error: 'ibanMissing'; names: string[] }
  | { error: 'empty' };

/** The first valid IBAN in free text (spaces inside allowed), normalized; null when none. */
export function ibanIn(text: string | null): string | null {
  if (!text) return null;
  for (const m of text.toUpperCase().matchAll(/[A-Z]{2}\d{2}(?: ?[A-Z0-9]){10,32}/g)) {
    // The greedy match may run into the next word: try every length from the longest.
    const compact = normalizeIban(m[0]);
    for (let end = compact.length; end >= 14; end -= 1) {
      const candidate = compact.slice(0, end);
      if (isValidIban(candidate)) return candidate;
    }
  }
  return null;
}

/** A BIC written after "BIC" or "SWIFT" in free text; null when none. */
export function bicIn(text: string | null): string | null {
  const m = /\b(?:BIC|SWIFT)\b[\s:]*([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/i.exec(text ?? '');
  return m?.[1]?.toUpperCase() ?? null;
}

/** Text reduced to the SEPA character set (Latin letters, digits, / - ? : ( ) . , ' + space) and cut. */
export function sepaText(text: string, max: number): string {
  const latin = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[Ææ]/g, (c) => (c === 'Æ' ? 'AE' : 'ae'))
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    // & < > " are allowed escaped (EPC's extended set, accepted by banks); the builder escapes them.
    .replace(/[^A-Za-z0-9/\-?:().,'+ &<>"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return latin.slice(0, max).trim() || 'NOTPROVIDED';
}

/** Minor units as the schema's decimal: 1234 → "12.34". */
export function sepaAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface SepaFile {
  xml: string;
  messageId: string;
  transactions: number;
  /** Minor units. */
  controlSum: number;
}

/**
 * Checks and builds the file: the company must have a valid IBAN in its bank info; every amount in
 * EUR; every employee a valid IBAN (all those without are listed, so the manager fixes them at once).
 * `now` gives the creation time and message id; `executionDate` the requested day (YYYY-MM-DD).
 */
export function buildSepaCreditTransfer(
  debtor: SepaDebtor,
  transfers: readonly SepaCreditTransfer[],
  opts: { now: Date; executionDate: string; companyId: number },
): SepaFile | SepaRefusal {
  if (transfers.length === 0) return { error: 'empty' };
  const debtorIban = ibanIn(debtor.bankInfo);
  if (!debtorIban) return { error: 'companyIbanMissing' };
  if (transfers.some((t) => t.currency.toUpperCase() !== 'EUR')) return { error: 'bankTransferCurrency' };
  const missing = transfers.filter((t) => !t.iban || !isValidIban(t.iban)).map((t) => t.creditorName);
  if (missing.length > 0) return { error: 'ibanMissing', names: [...new Set(missing)] };

  const stamp = opts.now.toISOString().replace(/\D/g, '').slice(0, 14);
  const messageId = `HR-${opts.companyId}-${stamp}`.slice(0, 35);
  const controlSum = transfers.reduce((sum, t) => sum + t.amount, 0);
  const bic = bicIn(debtor.bankInfo);
  const count = String(transfers.length);
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN_001_NAMESPACE,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          CreDtTm: opts.now.toISOString().slice(0, 19),
          NbOfTxs: count,
          CtrlSum: sepaAmount(controlSum),
          InitgPty: { Nm: sepaText(debtor.name, 70) },
        },
        PmtInf: {
          PmtInfId: `${messageId}-1`.slice(0, 35),
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: sepaAmount(controlSum),
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: opts.executionDate,
          Dbtr: { Nm: sepaText(debtor.name, 70) },
          DbtrAcct: { Id: { IBAN: debtorIban } },
          DbtrAgt: { FinInstnId: bic ? { BIC: bic } : { Othr: { Id: 'NOTPROVIDED' } } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transfers.map((t) => ({
            PmtId: { EndToEndId: `HR-${t.reimbursementId}` },
            Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': sepaAmount(t.amount) } },
            Cdtr: { Nm: sepaText(t.creditorName, 70) },
            CdtrAcct: { Id: { IBAN: normalizeIban(t.iban ?? '') } },
            RmtInf: { Ustrd: sepaText(`Home charging ${t.period}`, 140) },
          })),
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true });
  return { xml: builder.build(document), messageId, transactions: transfers.length, controlSum };
}
