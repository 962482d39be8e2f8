import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';

/** Test set-up only: moves limits that are not under test out of the way, as the owner. */

/** Companies count as created days ago, so the three-a-day limit lets a test make more. */
export async function ageCompanyCreation(t: TestApp): Promise<void> {
  await t.rows(sql`update companies set created_at = created_at - interval '2 days'`);
}

/** Sent codes count as sent hours ago, so the once-a-minute limit lets a test ask again. */
export async function ageSmsCodes(t: TestApp): Promise<void> {
  await t.rows(sql`update sms_codes set created_at = created_at - interval '2 hours'`);
}
