/**
 * Golden PDF (issue 5, ADR 023 second addendum): the bytes of a session export for a fixed input —
 * the provider variant's 27 columns (protocol since ADR 057's EMSP sessions), long station names and addresses that wrap, e-mails and EVSE
 * ids cut inside the word, ellipsized cells, 3 pages, compressed — must not change when the writer
 * is made faster. A change to the layout on purpose updates the digest here, in the same commit.
 */
import { createHash } from 'node:crypto';
import { sessions } from '@i18n/areas/sessions';
import { describe, expect, it } from 'vitest';
import { exportTextsIn } from '../sessions/export-rows';
import { columnsOf } from '../sessions/variants';
import type { Cell } from './cells';
import { sessionPdfStream } from './pdf-sessions';

const en = sessions.en;
const cols = columnsOf('emp');
const STREETS = [
  'Boulevard Haussmann',
  'Zone Industrielle des Trois Fontaines',
  'Rue de la Gare',
  'Avenue du Général Leclerc',
];

function records(n: number): Record<string, Cell>[] {
  return Array.from({ length: n }, (_, i) => {
    const row: Record<string, Cell> = {
      id: i + 1,
      pricing_status: i % 9 === 0 ? 'unpriced' : 'priced',
      currency: 'EUR',
      start_method: 'RFID',
    };
    for (const col of cols) {
      const k = col.key;
      if (col.kind === 'datetime')
        row[k] = new Date(Date.UTC(2026, 0, 1) + i * 600_000 + (k.includes('end') ? 3_600_000 : 0)).toISOString();
      else if (col.kind === 'money') row[k] = i % 13 === 0 ? null : 100 + ((i * 17) % 5000);
      else if (col.kind === 'energy') row[k] = 1000 + ((i * 37) % 60_000);
      else if (col.kind === 'flag') row[k] = i % 7 === 0 ? 1 : 0;
      else if (col.kind === 'status') row[k] = i % 11 === 0 ? 'in_progress' : 'closed';
      else if (k.includes('station'))
        row[k] =
          `${(i % 200) + 1} ${STREETS[i % STREETS.length]} – Parking Centre Commercial ${i % 97} Nord${i % 5 === 0 ? ' (Straße) \\ Zürich Østre Ålesund Łódź' : ''}`;
      else if (k.includes('email')) row[k] = `driver.${i % 5000}@fleet-company-with-a-long-name-${i % 40}.example`;
      else if (col.kind === 'text')
        row[k] = i % 3 === 0 ? `FR*VOL*E${String(100000 + i)}-EXTRA-LONG-IDENTIFIER-${i}` : `FR*VOL*E${i}`;
      else row[k] = (i * 31) % 7200;
    }
    return row;
  });
}

async function digest(stream: ReadableStream<Uint8Array>): Promise<{ sha: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
    size += value.byteLength;
  }
  return { sha: hash.digest('hex'), size };
}

describe('session PDF golden bytes', () => {
  it('writes the same bytes for the same input (wrapped, cut and ellipsized cells, compressed pages)', async () => {
    const texts = {
      ...exportTextsIn('en'),
      title: `Sessions · ${en.variant.emp}`,
      intro: ['Filters: none', 'Sorted by Energy, descending.'],
      page: 'Page {{page}} of {{pages}}',
      sums: en.sums,
      notes: (n: { rows: number; unpriced: number; qr: number }) => [`${n.rows} sessions, ${n.unpriced} unpriced.`],
    };
    const file = await digest(
      sessionPdfStream(cols, records(150), texts, {
        currency: 'EUR',
        created: new Date(Date.UTC(2026, 10, 26, 1, 2, 3)),
      }),
    );
    expect(file).toEqual({ sha: '751bac2ba4f26bbdc738d78df9cbf99d4ec1b636b0bfead9953c8a33e9471679', size: 17_120 });
  });
});
