import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { bicIn, buildSepaCreditTransfer, ibanIn, type SepaCreditTransfer, sepaAmount, sepaText } from './sepa-transfer';

const DEBTOR = {
  name: 'Fleet & Co <Paris>',
  bankInfo: 'Banque X, IBAN FR14 2004 1010 0505 0001 3M02 606, BIC PSSTFRPPPAR',
};
const OPTS = { now: new Date('2026-11-27T06:30:05Z'), executionDate: '2026-11-27', companyId: 7 };
const t = (over: Partial<SepaCreditTransfer>): SepaCreditTransfer => ({
  reimbursementId: 1,
  creditorName: 'Anna Müller',
  iban: 'DE89370400440532013000',
  amount: 1234,
  currency: 'EUR',
  period: '2026-10',
  ...over,
});

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'CdtTrfTxInf' }).parse(
    xml,
  );

describe('pain.001.001.03 file', () => {
  it('has one transaction per reimbursement, the counts and control sums, the debtor and each creditor', () => {
    const file = buildSepaCreditTransfer(
      DEBTOR,
      [
        t({ reimbursementId: 11, amount: 1234 }),
        t({
          reimbursementId: 12,
          creditorName: "O'Brien & Søn",
          iban: 'nl91 abna 0417 1643 00',
          amount: 5,
          period: '2026-09',
        }),
      ],
      OPTS,
    );
    if ('error' in file) throw new Error(file.error);
    expect(file).toMatchObject({ transactions: 2, controlSum: 1239, messageId: 'HR-7-20261127063005' });
    const doc = parse(file.xml).Document;
    expect(doc['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const init = doc.CstmrCdtTrfInitn;
    expect(init.GrpHdr).toMatchObject({
      MsgId: 'HR-7-20261127063005',
      CreDtTm: '2026-11-27T06:30:05',
      NbOfTxs: '2',
      CtrlSum: '12.39',
    });
    const pmt = init.PmtInf;
    expect(pmt).toMatchObject({
      PmtMtd: 'TRF',
      NbOfTxs: '2',
      CtrlSum: '12.39',
      PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
      ReqdExctnDt: '2026-11-27',
      Dbtr: { Nm: 'Fleet & Co <Paris>' },
      DbtrAcct: { Id: { IBAN: 'FR1420041010050500013M02606' } },
      DbtrAgt: { FinInstnId: { BIC: 'PSSTFRPPPAR' } },
      ChrgBr: 'SLEV',
    });
    expect(pmt.CdtTrfTxInf).toEqual([
      {
        PmtId: { EndToEndId: 'HR-11' },
        Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': '12.34' } },
        Cdtr: { Nm: 'Anna Muller' },
        CdtrAcct: { Id: { IBAN: 'DE89370400440532013000' } },
        RmtInf: { Ustrd: 'Home charging 2026-10' },
      },
      {
        PmtId: { EndToEndId: 'HR-12' },
        Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': '0.05' } },
        Cdtr: { Nm: "O'Brien & Son" },
        CdtrAcct: { Id: { IBAN: 'NL91ABNA0417164300' } },
        RmtInf: { Ustrd: 'Home charging 2026-09' },
      },
    ]);
  });

  it('escapes what XML needs in names (the raw text never breaks the document)', () => {
    const file = buildSepaCreditTransfer(DEBTOR, [t({ creditorName: 'A & B <x> "q"' })], OPTS);
    if ('error' in file) throw new Error(file.error);
    expect(file.xml).toContain('<Nm>A &amp; B &lt;x&gt; &quot;q&quot;</Nm>');
    expect(file.xml).toContain('<Nm>Fleet &amp; Co &lt;Paris&gt;</Nm>');
    expect(parse(file.xml).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf[0].Cdtr.Nm).toBe('A & B <x> "q"');
  });

  it('refuses the whole file listing every employee without a valid IBAN', () => {
    expect(
      buildSepaCreditTransfer(
        DEBTOR,
        [
          t({ creditorName: 'Ok' }),
          t({ creditorName: 'No Iban', iban: null }),
          t({ creditorName: 'Bad', iban: 'DE89370400440532013001' }),
        ],
        OPTS,
      ),
    ).toEqual({ error: 'ibanMissing', names: ['No Iban', 'Bad'] });
  });

  it('refuses without a company IBAN, with another currency than EUR, or with nothing to pay', () => {
    expect(buildSepaCreditTransfer({ name: 'X', bankInfo: 'Bank of nowhere' }, [t({})], OPTS)).toEqual({
      error: 'companyIbanMissing',
    });
    expect(buildSepaCreditTransfer(DEBTOR, [t({ currency: 'GBP' })], OPTS)).toEqual({ error: 'bankTransferCurrency' });
    expect(buildSepaCreditTransfer(DEBTOR, [], OPTS)).toEqual({ error: 'empty' });
  });

  it('reads the IBAN and BIC out of free bank info, and states the debtor agent as not provided without a BIC', () => {
    expect(ibanIn('IBAN: DE89 3704 0044 0532 0130 00 (Commerzbank)')).toBe('DE89370400440532013000');
    expect(ibanIn('account DE89 3704 0044 0532 0130 01')).toBeNull();
    expect(bicIn('BIC: cobadeffxxx')).toBe('COBADEFFXXX');
    const file = buildSepaCreditTransfer({ name: 'X', bankInfo: 'DE89370400440532013000' }, [t({})], OPTS);
    if ('error' in file) throw new Error(file.error);
    expect(parse(file.xml).Document.CstmrCdtTrfInitn.PmtInf.DbtrAgt).toEqual({
      FinInstnId: { Othr: { Id: 'NOTPROVIDED' } },
    });
  });

  it('formats amounts and texts as the schema wants', () => {
    expect([sepaAmount(0), sepaAmount(7), sepaAmount(100), sepaAmount(123456)]).toEqual([
      '0.00',
      '0.07',
      '1.00',
      '1234.56',
    ]);
    expect(sepaText('Straße Ærø – x', 70)).toBe('Strasse AEro x');
    expect(sepaText('a'.repeat(80), 70)).toHaveLength(70);
    expect(sepaText('€€', 70)).toBe('NOTPROVIDED');
  });
});
