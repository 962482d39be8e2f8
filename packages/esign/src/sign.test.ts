import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRootCa, issueCompanyCertificate, issueEventCertificate, issueTsaCertificate, type IssuedCertificate, type RootCa } from './ca.ts';
import { sha256 } from './cms.ts';
import { fillFields, renderTextPdf } from './render.ts';
import { generateRoundSeal } from './seal.ts';
import { signPdf } from './sign.ts';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfsig, pdfToText, squash } from './test-support.ts';
import { createInternalTsa, parseTimeStampToken, type Tsa } from './tsa.ts';
import { verifyPdf } from './verify.ts';

const CLAUSE = '甲方（用人单位）与乙方（劳动者）根据《中华人民共和国劳动合同法》及有关法律、法规的规定，在平等自愿、协商一致的基础上签订本合同。';

let root: RootCa;
let otherRoot: RootCa;
let company: IssuedCertificate;
let person: IssuedCertificate;
let tsa: Tsa;
let unsigned: Uint8Array;
let companySigned: Buffer;
let bothSigned: Buffer;
const companyTime = new Date(Date.now() - 60_000);
const personTime = new Date(Date.now() - 30_000);
const seal = generateRoundSeal('杭州万峰科技有限公司', { bottomText: '合同专用章', size: 240 });

beforeAll(async () => {
  [root, otherRoot] = await Promise.all([createRootCa({ commonName: '万峰电子签名根证书' }), createRootCa({ commonName: '其他根证书' })]);
  const tsaCert = await issueTsaCertificate(root);
  [company, person] = await Promise.all([
    issueCompanyCertificate(root, { companyName: '杭州万峰科技有限公司', uscc: '91330106MA2H0Q1X72', p12Passphrase: 'company-p12' }),
    issueEventCertificate(root, { name: '张三', idNumberMasked: '110101********1234' }),
  ]);
  tsa = createInternalTsa({ certificatePem: tsaCert.certificatePem, privateKeyPem: tsaCert.privateKeyPem, chainPem: [root.certificatePem] });
  unsigned = await renderTextPdf({ title: '劳动合同书', paragraphs: Array.from({ length: 50 }, (_, i) => `第${i + 1}条 ${CLAUSE}`) });
  companySigned = await signPdf(unsigned, {
    p12: company.p12,
    passphrase: 'company-p12',
    reason: '甲方签署',
    location: '杭州',
    name: '杭州万峰科技有限公司',
    signingTime: companyTime,
    timestamp: tsa,
    appearance: { page: 2, rect: { x: 360, y: 120, width: 120, height: 120 }, image: seal },
  });
  bothSigned = await signPdf(companySigned, {
    p12: person.p12,
    reason: '乙方签署',
    location: '杭州',
    name: '张三',
    signingTime: personTime,
    appearance: { page: 2, rect: { x: 100, y: 140, width: 120, height: 60 }, image: seal },
  });
});

describe('signPdf', () => {
  it('appends each signature as an incremental update, leaving earlier bytes untouched', () => {
    expect(companySigned.subarray(0, unsigned.length).equals(Buffer.from(unsigned))).toBe(true);
    expect(bothSigned.subarray(0, companySigned.length).equals(companySigned)).toBe(true);
    expect(bothSigned.length).toBeGreaterThan(companySigned.length);
    expect(bothSigned.subarray(-6).toString()).toBe('\n%%EOF');
  });

  it('adds two signature fields with widgets at the placed rectangles', async () => {
    const doc = await PDFDocument.load(bothSigned);
    const fields = doc.getForm().getFields();
    expect(fields.map((f) => f.getName())).toEqual(['Signature1', 'Signature2']);
    const rects = fields.map((f) => f.acroField.getWidgets()[0]!.getRectangle());
    expect(rects).toEqual([
      { x: 360, y: 120, width: 120, height: 120 },
      { x: 100, y: 140, width: 120, height: 60 },
    ]);
    const page3 = doc.getPages()[2]!;
    expect(fields.every((f) => f.acroField.getWidgets()[0]!.P() === page3.ref)).toBe(true);
    const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
    expect(acroForm.get(PDFName.of('SigFlags'))?.toString()).toBe('3');
  });

  it.skipIf(!HAS_PDFTOTEXT)('keeps the text readable (skipped without pdftotext)', () => {
    expect(squash(pdfToText(bothSigned))).toContain(squash(`第50条 ${CLAUSE}`));
  });

  it('reports both signatures from verifyPdf: signer, time, serial, intact, coverage, trust, time-stamp', () => {
    const result = verifyPdf(bothSigned, { trustedRoots: [root.certificatePem] });
    expect(result.valid).toBe(true);
    expect(result.signatures).toHaveLength(2);
    const [first, second] = result.signatures;
    expect(first).toMatchObject({ signerName: '杭州万峰科技有限公司', certificateSerial: company.serialNumber, intact: true, coversWholeDocument: false, trusted: true, reason: '甲方签署', location: '杭州', subFilter: 'ETSI.CAdES.detached', problems: [] });
    expect(second).toMatchObject({ signerName: '张三', certificateSerial: person.serialNumber, intact: true, coversWholeDocument: true, trusted: true, name: '张三', problems: [] });
    expect(first!.signingTime!.getTime()).toBe(Math.floor(companyTime.getTime() / 1000) * 1000);
    expect(second!.signingTime!.getTime()).toBe(Math.floor(personTime.getTime() / 1000) * 1000);
    expect(first!.timestamp).toMatchObject({ intact: true, trusted: true, tsaName: 'wfsaas 时间戳服务' });
    expect(Math.abs(first!.timestamp!.genTime.getTime() - Date.now())).toBeLessThan(120_000);
    expect(second!.timestamp).toBeUndefined();
    expect(second!.byteRange[2] + second!.byteRange[3]).toBe(bothSigned.length);
  });

  it('does not trust signatures under another root', () => {
    const result = verifyPdf(bothSigned, { trustedRoots: [otherRoot.certificatePem] });
    expect(result.valid).toBe(false);
    expect(result.signatures.map((s) => [s.intact, s.trusted])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(result.signatures[0]!.problems).toEqual(['时间戳服务证书不受信任', '签署人证书不受信任或已不在有效期内（签名没有可信时间戳）']);
  });

  it('finds no signature in an unsigned PDF', () => {
    expect(verifyPdf(unsigned, { trustedRoots: [root.certificatePem] })).toEqual({ signatures: [], valid: false });
  });

  it('signs a PDF whose cross-references are a stream (object streams), keeping it valid', async () => {
    const doc = await PDFDocument.load(unsigned);
    const compact = await doc.save({ useObjectStreams: true });
    expect(Buffer.from(compact).toString('latin1')).toContain('/Type /XRef');
    const signed = await signPdf(compact, { p12: person.p12, reason: '乙方签署', location: '杭州', name: '张三' });
    const result = verifyPdf(signed, { trustedRoots: [root.certificatePem] });
    expect(result.valid).toBe(true);
    if (HAS_PDFSIG) {
      const sig = pdfsig(signed, root.certificatePem);
      expect(sig.signatures).toHaveLength(1);
      expect(sig.signatures[0]).toMatchObject({ valid: true, totalDocument: true, trusted: true });
    }
  });

  it('refuses bad input in Chinese', async () => {
    await expect(signPdf(unsigned, { p12: company.p12, passphrase: 'wrong', reason: 'r', location: 'l', name: 'n' })).rejects.toThrow('签名证书文件无法打开');
    await expect(signPdf(unsigned, { p12: person.p12, reason: ' ', location: 'l', name: 'n' })).rejects.toThrow('签署原因不能为空');
    await expect(
      signPdf(unsigned, { p12: person.p12, reason: 'r', location: 'l', name: 'n', signingTime: new Date(Date.now() + 3 * 86_400_000) }),
    ).rejects.toThrow('签名证书在签署时间不在有效期内');
    await expect(
      signPdf(unsigned, { p12: person.p12, reason: 'r', location: 'l', name: 'n', appearance: { page: 9, rect: { x: 0, y: 0, width: 10, height: 10 }, image: seal } }),
    ).rejects.toThrow('签章页码超出文档范围');
    await expect(
      signPdf(unsigned, { p12: person.p12, reason: 'r', location: 'l', name: 'n', appearance: { page: 0, rect: { x: 0, y: 0, width: 10, height: 10 }, image: new Uint8Array(8) } }),
    ).rejects.toThrow('签章图片不是有效的 PNG 图片');
    await expect(signPdf(Buffer.from('not a pdf'), { p12: person.p12, reason: 'r', location: 'l', name: 'n' })).rejects.toThrow('文件不是完整的 PDF 文档');
  });
});

describe('time-stamps and short-lived certificates', () => {
  it('a trusted time-stamp keeps an expired one-day certificate verifiable; a claimed time alone does not', async () => {
    const issued = new Date(Date.now() - 3 * 86_400_000);
    const signedAt = new Date(issued.getTime() + 3600_000);
    const oldRoot = await createRootCa({ commonName: '万峰电子签名根证书', now: new Date(issued.getTime() - 86_400_000) });
    const [oldPerson, oldTsaCert] = await Promise.all([
      issueEventCertificate(oldRoot, { name: '李四', idNumberHash: 'b'.repeat(64), now: issued }),
      issueTsaCertificate(oldRoot, { now: issued }),
    ]);
    const oldTsa = createInternalTsa({ certificatePem: oldTsaCert.certificatePem, privateKeyPem: oldTsaCert.privateKeyPem, now: () => signedAt });
    const base = { p12: oldPerson.p12, reason: '乙方签署', location: '杭州', name: '李四', signingTime: signedAt };
    const stamped = verifyPdf(await signPdf(unsigned, { ...base, timestamp: oldTsa }), { trustedRoots: [oldRoot.certificatePem] });
    expect(stamped.signatures[0]!.problems).toEqual([]);
    expect(stamped.valid).toBe(true);
    expect(stamped.signatures[0]!.timestamp!.genTime).toEqual(new Date(Math.floor(signedAt.getTime() / 1000) * 1000));
    const claimed = verifyPdf(await signPdf(unsigned, base), { trustedRoots: [oldRoot.certificatePem] });
    expect(claimed.valid).toBe(false);
    expect(claimed.signatures[0]).toMatchObject({ intact: true, trusted: false });
    expect(claimed.signatures[0]!.problems).toContain('签署人证书不受信任或已不在有效期内（签名没有可信时间戳）');
    // The same file checked as of the signing day is trusted.
    expect(verifyPdf(await signPdf(unsigned, base), { trustedRoots: [oldRoot.certificatePem], now: signedAt }).valid).toBe(true);
  });

  it('grows the /Contents placeholder when a time-stamp token is larger than estimated', async () => {
    const tsaCert = await issueTsaCertificate(root);
    const bulky = createInternalTsa({ certificatePem: tsaCert.certificatePem, privateKeyPem: tsaCert.privateKeyPem, chainPem: Array(10).fill(root.certificatePem) });
    const token = await bulky(sha256(Buffer.from('x')));
    expect(token.length).toBeGreaterThan(9000); // past the 6 KB allowance for a token
    const signed = await signPdf(unsigned, { p12: person.p12, reason: '乙方签署', location: '杭州', name: '张三', timestamp: bulky });
    const result = verifyPdf(signed, { trustedRoots: [root.certificatePem] });
    expect(result.valid).toBe(true);
    expect(result.signatures[0]!.timestamp).toMatchObject({ intact: true, trusted: true });
    if (HAS_PDFSIG) expect(pdfsig(signed, root.certificatePem).signatures[0]).toMatchObject({ valid: true, totalDocument: true, trusted: true });
  });

  it('reports a failing time-stamp service in Chinese and writes nothing', async () => {
    const down: Tsa = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await expect(signPdf(unsigned, { p12: person.p12, reason: 'r', location: 'l', name: 'n', timestamp: down })).rejects.toThrow(
      '时间戳服务未能签发时间戳：connect ECONNREFUSED',
    );
  });

  it('refuses to fill fields into a signed PDF, which would break its signatures', async () => {
    await expect(fillFields(companySigned, [{ page: 0, x: 0, y: 0, width: 50, height: 20, text: '张三' }])).rejects.toThrow('文档已签署，不能再填写内容');
  });
});

describe('internal TSA', () => {
  it('returns RFC 3161 tokens over the given digest, signed at the clock time', async () => {
    const at = new Date('2026-11-22T01:02:03Z');
    const tsaCert = await issueTsaCertificate(root, { now: new Date(at.getTime() - 3600_000) });
    const stamp = createInternalTsa({ certificatePem: tsaCert.certificatePem, privateKeyPem: tsaCert.privateKeyPem, now: () => at });
    const digest = sha256(Buffer.from('签名值'));
    const token = await stamp(digest);
    const parsed = parseTimeStampToken(token);
    expect(parsed).toMatchObject({ genTime: at, imprintAlgorithm: 'sha256', intact: true });
    expect(parsed.imprint.equals(digest)).toBe(true);
    expect(parsed.signed.signer?.serialNumber).toBe(tsaCert.serialNumber);
    const tampered = Buffer.from(token);
    const at2 = tampered.indexOf(digest);
    tampered[at2] = tampered[at2]! ^ 0xff;
    expect(parseTimeStampToken(tampered).intact).toBe(false);
    await expect(stamp(Buffer.alloc(5))).rejects.toThrow();
  });
});

describe.skipIf(!HAS_PDFSIG)('pdfsig agrees (skipped when pdfsig or certutil is not installed)', () => {
  it('company then employee: two valid trusted signatures, the last covering the total document', () => {
    const { signatures, output } = pdfsig(bothSigned, root.certificatePem);
    expect(signatures, output).toHaveLength(2);
    expect(signatures.map((s) => s.commonName)).toEqual(['杭州万峰科技有限公司', '张三']);
    for (const s of signatures) expect(s, s.block).toMatchObject({ valid: true, trusted: true, digestMismatch: false });
    expect(signatures.map((s) => s.totalDocument)).toEqual([false, true]);
    const single = pdfsig(companySigned, root.certificatePem).signatures;
    expect(single).toHaveLength(1);
    expect(single[0]).toMatchObject({ valid: true, trusted: true, totalDocument: true });
  });

  it('a flipped byte inside the signed ranges: Digest Mismatch in pdfsig, not intact in verifyPdf', () => {
    const tampered = Buffer.from(bothSigned);
    const offset = 10; // in the binary comment of the header: the file still parses, the signed bytes differ
    expect(offset).toBeLessThan(Buffer.from(unsigned).indexOf('\n', 9));
    tampered[offset] = tampered[offset]! ^ 0x01;
    const { signatures, output } = pdfsig(tampered, root.certificatePem);
    expect(signatures, output).toHaveLength(2);
    for (const s of signatures) {
      expect(s.valid, s.block).toBe(false);
      expect(s.digestMismatch, s.block).toBe(true);
    }
    const result = verifyPdf(tampered, { trustedRoots: [root.certificatePem] });
    expect(result.valid).toBe(false);
    expect(result.signatures.map((s) => s.intact)).toEqual([false, false]);
    expect(result.signatures[0]!.problems).toContain('文档内容在签署后被修改（摘要不符）');
  });

  it('a byte flipped only in the second revision breaks the second signature alone', () => {
    const tampered = Buffer.from(bothSigned);
    const offset = companySigned.length + 20; // inside the employee's update, outside its /Contents
    expect(offset).toBeLessThan(verifyPdf(bothSigned, { trustedRoots: [root.certificatePem] }).signatures[1]!.byteRange[1]);
    tampered[offset] = tampered[offset]! === 0x20 ? 0x0a : tampered[offset]! ^ 0x01;
    const sig = pdfsig(tampered, root.certificatePem).signatures;
    const mine = verifyPdf(tampered, { trustedRoots: [root.certificatePem] }).signatures;
    expect(mine.map((s) => s.intact)).toEqual([true, false]);
    expect(sig.map((s) => s.valid)).toEqual([true, false]);
  });

  it('bytes appended after the last signature: not total document signed in both', () => {
    const appended = Buffer.concat([bothSigned, Buffer.from('\n% appended after signing\n')]);
    const { signatures, output } = pdfsig(appended, root.certificatePem);
    expect(signatures, output).toHaveLength(2);
    expect(signatures.map((s) => s.totalDocument)).toEqual([false, false]);
    expect(signatures.every((s) => s.valid)).toBe(true);
    const result = verifyPdf(appended, { trustedRoots: [root.certificatePem] });
    expect(result.valid).toBe(false);
    expect(result.signatures.map((s) => [s.intact, s.coversWholeDocument])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(result.signatures[1]!.problems).toContain('最后一个签名之后文档被追加了内容');
  });

  it('a root that is not in the NSS database: pdfsig does not trust the certificate, nor does verifyPdf', () => {
    const sig = pdfsig(bothSigned, otherRoot.certificatePem).signatures;
    expect(sig.map((s) => [s.valid, s.trusted])).toEqual([
      [true, false],
      [true, false],
    ]);
    expect(verifyPdf(bothSigned, { trustedRoots: [otherRoot.certificatePem] }).signatures.map((s) => s.trusted)).toEqual([false, false]);
  });
});
