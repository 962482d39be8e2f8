import { findPolicy, PayrollInputError, type CityPolicy, type InsuredSettings } from '@wfsaas/payroll';
import type { Executor } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { cityPolicies } from '../payroll/index.ts';
import { findEntity, type EntityRow } from './entities.queries.ts';

/** What every part of social-insurance hosting needs of an entity: the row, and the city policy of a month. */

/** The entity, or 404 参保主体不存在 (another company's id included). */
export async function requireEntity(exec: Executor, companyId: number, id: number): Promise<EntityRow> {
  const entity = await findEntity(exec, companyId, id);
  if (!entity) throw notFound('参保主体');
  return entity;
}

/** The company's city policies, loaded once per request and looked up by city and month. */
export class PolicyBook {
  private constructor(private readonly all: readonly CityPolicy[]) {}

  static async load(exec: Executor, companyId: number): Promise<PolicyBook> {
    return new PolicyBook(await cityPolicies(exec, companyId));
  }

  /** The policy of `city` in force in `month` ('YYYY-MM'), or 400 naming the city and month. */
  at(city: string, month: string): CityPolicy {
    try {
      return findPolicy(this.all, city, `${month}-01`);
    } catch (err) {
      if (err instanceof PayrollInputError) throw badRequest(err.message);
      throw err;
    }
  }

  /** Like `at`, but the reason instead of an error. */
  tryAt(city: string, month: string): { policy: CityPolicy; error: null } | { policy: null; error: string } {
    try {
      return { policy: findPolicy(this.all, city, `${month}-01`), error: null };
    } catch (err) {
      if (err instanceof PayrollInputError) return { policy: null, error: err.message };
      throw err;
    }
  }
}

/** The contribution settings of one person at an entity. */
export function insuredSettings(entity: Pick<EntityRow, 'injuryRate'>, insured: { siBase: string; hfBase: string; hfRate: string | null }): InsuredSettings {
  return { siBase: insured.siBase, hfBase: insured.hfBase, hfRate: insured.hfRate, injuryRate: entity.injuryRate };
}
