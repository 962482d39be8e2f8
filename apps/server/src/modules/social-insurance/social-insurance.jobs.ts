import { registerSiExports } from './declaration-export.ts';
import { registerRecordExports } from './records-export.ts';

/** The jobs of social-insurance hosting: the declaration file and the contribution records of 下载中心. */
export function registerSocialInsuranceJobHandlers(): void {
  registerSiExports();
  registerRecordExports();
}
