import { registerSiExports } from './declaration-export.ts';

/** The jobs of social-insurance hosting: the declaration file of 下载中心. */
export function registerSocialInsuranceJobHandlers(): void {
  registerSiExports();
}
