import { renderTextImage } from '@wfsaas/esign';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { postFile } from '../../test/uploads.ts';
import { isOcrAvailable, parseLicenceText, pickCreditCode } from './licence-ocr.ts';

const LICENCE_LINES = ['营业执照', '统一社会信用代码 91330106MA2H0Q1X72', '名称 杭州云帆科技有限公司', '类型 有限责任公司', '法定代表人 林晓', '住所 浙江省杭州市西湖区文三路259号'];

describe('licence text', () => {
  it('picks the fields of a recognised licence', () => {
    const text = '营业执照\n\n统一社会信用代码 91330106MA2H0Q1X72\n名称 杭州云帆科技有限公司\n类型 有限责任公司\n法定代表人 林晓\n住所 浙江省杭州市西湖区文三路259号\n';
    expect(parseLicenceText(text)).toEqual({ name: '杭州云帆科技有限公司', creditCode: '91330106MA2H0Q1X72', legalRepresentative: '林晓', address: '浙江省杭州市西湖区文三路259号' });
  });

  it.each([
    ['91330106MA2H0Q1X72', '91330106MA2H0Q1X72'],
    ['91330106MA2H0OQ1X72', '91330106MA2H0Q1X72'],
    ['9133O106MA2H0Q1X72', '91330106MA2H0Q1X72'],
    ['91330106MA2H0Q1X73', null],
  ])('takes a credit code only when its check digit holds: %s', (run, want) => {
    expect(pickCreditCode(run)).toBe(want);
  });

  it('leaves what it cannot find empty', () => {
    expect(parseLicenceText('一张看不清的图片')).toEqual({ name: null, creditCode: null, legalRepresentative: null, address: null });
  });
});

const ocr = await isOcrAvailable();

describe.skipIf(!ocr)('licence OCR with the local tesseract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('reads a licence image uploaded by the member', async () => {
    const admin = await t.login('13800000000');
    const up = await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token: admin, companyId: 1, filename: 'licence.png', content: renderTextImage(LICENCE_LINES, { lineHeight: 40 }) });
    const r = await t.call('/wfsaas-saas/api/licenseOcr', { token: admin, companyId: 1, body: { fileId: up.body.data.fileId } });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ name: '杭州云帆科技有限公司', creditCode: '91330106MA2H0Q1X72', legalRepresentative: '林晓' });
  });
});
