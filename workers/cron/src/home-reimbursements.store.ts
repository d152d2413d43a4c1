/**
 * @module The home reimbursement job's statements (issue 19 part 5, ADR 046): the employees to compute
 * in user-id order, everything a chunk of them needs in one round trip (their companies' settings and
 * service settings, home stations, approved contracts, tariffs, home sessions, approved meter
 * readings, their reimbursements of the month), and the writes: a new month with its first event in
 * one batch, or a recalculated one under a compare-and-set on its status. Platform-wide for the job;
 * the recalculation (workers/api/src/routes/company-settings/recalc/) passes a company id, so every
 * read is then that company's only. Integers we produced (ids, instants) are written into the SQL;
 * every text is a bound parameter. The chunk read lives in home-reimbursements.facts.store.ts and the
 * writes in home-reimbursements.write.store.ts, both re-exported here.
 */

import { SERVICE } from '@domain/permissions/service-settings';

export { type ChunkFacts, chunkFacts, type StoredReimbursement } from './home-reimbursements.facts.store';
export {
  type NewMonth,
  newMonthStatements,
  writeNewMonths,
  writeRecalculated,
} from './home-reimbursements.write.store';

const int = (n: number) => String(Math.trunc(n));
const ids = (list: readonly number[]) => (list.length ? list.map(int).join(',') : 'NULL');

/** Employees of active reimbursing fleet companies (settings row active, service 25) with a live home station. */
const CANDIDATES = `FROM users u
  JOIN companies c ON c.id = u.company_id AND c.is_evfleet = 1
  JOIN home_reimbursement_settings hrs ON hrs.company_id = u.company_id AND hrs.active = 1
  WHERE u.status = 'active' AND u.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM company_service_settings ss WHERE ss.company_id = u.company_id AND ss.setting_id = ${SERVICE.HOME_REIMBURSEMENT})
    AND EXISTS (SELECT 1 FROM home_stations h WHERE h.user_id = u.id AND h.company_id = u.company_id AND h.deleted_at IS NULL)`;

/** How many employees a run goes through (its `total`). */
export function countEmployees(d1: D1Database, companyId?: number) {
  const only = companyId === undefined ? '' : ` AND u.company_id = ${int(companyId)}`;
  return d1
    .prepare(`SELECT count(*) AS n ${CANDIDATES}${only}`)
    .first<{ n: number }>()
    .then((r) => r?.n ?? 0);
}

export interface Candidate {
  userId: number;
  companyId: number;
  homeReimbursementEvfleet: boolean;
  docUploadNotMandatory: boolean;
  ibanOwner: string | null;
  partnerUserId: string | null;
  /** First and last name (the e-mail when both are empty), for the monthly statement. */
  name: string;
}

/** The next `limit` candidate employees after user id `afterId`, in id order (one company's with `companyId`). */
export async function candidates(d1: D1Database, afterId: number, limit: number, companyId?: number) {
  const only = companyId === undefined ? '' : ` AND u.company_id = ${int(companyId)}`;
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.company_id, u.home_reimbursement_evfleet, u.doc_upload_not_mandatory, u.iban_owner, u.partner_user_id,
         coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) AS name
       ${CANDIDATES}${only} AND u.id > ?1 ORDER BY u.id LIMIT ?2`,
    )
    .bind(afterId, limit)
    .all<{
      id: number;
      company_id: number;
      home_reimbursement_evfleet: number;
      doc_upload_not_mandatory: number;
      iban_owner: string | null;
      partner_user_id: string | null;
      name: string | null;
    }>();
  return results.map(
    (r): Candidate => ({
      userId: r.id,
      companyId: r.company_id,
      homeReimbursementEvfleet: r.home_reimbursement_evfleet !== 0,
      docUploadNotMandatory: r.doc_upload_not_mandatory !== 0,
      ibanOwner: r.iban_owner,
      partnerUserId: r.partner_user_id,
      name: r.name ?? '',
    }),
  );
}

/** The distinct alert e-mail addresses of these companies' settings (comma lists; malformed entries dropped). */
export async function alertAddresses(d1: D1Database, companyIds: readonly number[]): Promise<Set<string>> {
  const { results } = await d1
    .prepare(
      `SELECT alert_emails FROM home_reimbursement_settings WHERE company_id IN (${ids(companyIds)}) AND alert_emails IS NOT NULL`,
    )
    .all<{ alert_emails: string }>();
  return new Set(
    results.flatMap((r) =>
      r.alert_emails
        .split(',')
        .map((a) => a.trim())
        .filter((a) => /^[^\s@,]+@[^\s@,]+$/.test(a)),
    ),
  );
}
