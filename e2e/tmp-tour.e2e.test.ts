import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { enterAsAdmin, journeyShots, launchBrowser, openPage, signIn } from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const SCREENS = (process.env.TOUR ?? '/appCenter,/contractlist,/assetsList,/invoiceManagement,/fiduciaryaccount').split(',');

describe('tour', () => {
  it('screens', async () => {
    const shot = journeyShots('tour');
    const { page } = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await enterAsAdmin(page);
    for (const path of SCREENS) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      await shot(page, path.replace(/\//g, '_'));
    }
    const op = await openPage(browser, { viewport: { width: 1440, height: 900 } });
    await signIn(op.page, '13900000000');
    await op.page.waitForURL(/operator/);
    for (const tab of (process.env.OPTABS ?? 'deposits,invoices').split(',')) {
      await op.page.goto(`/operator?tab=${tab}`);
      await op.page.waitForLoadState('networkidle');
      await op.page.waitForTimeout(800);
      await shot(op.page, `operator-${tab}`);
    }
  }, 240_000);
});
