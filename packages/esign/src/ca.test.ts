import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createRootCa,
  exportEncryptedKey,
  issueCompanyCertificate,
  issueEventCertificate,
  issueTsaCertificate,
  loadRootCa,
  readP12,
  type IssuedCertificate,
  type RootCa,
} from './ca.ts';

const NOW = new Date('2026-03-01T08:00:00Z');
let root: RootCa;
let company: IssuedCertificate;
let person: IssuedCertificate;

beforeAll(async () => {
  root = await createRootCa({ commonName: '万峰电子签名根证书', organization: '万峰科技', now: NOW });
  company = await issueCompanyCertificate(root, { companyName: '杭州万峰科技有限公司', uscc: '91330106MA2H0Q1X72', now: NOW, p12Passphrase: 'p12-口令' });
  person = await issueEventCertificate(root, { name: '张三', idNumberMasked: '110101********1234', now: NOW });
});

/** The ASN.1 string type of each subject attribute, by short name. */
function subjectTags(pem: string): Record<string, number> {
  const cert = forge.pki.certificateFromPem(pem);
  return Object.fromEntries(cert.subject.attributes.map((a) => [a.shortName ?? a.type, a.valueTagClass as unknown as number]));
}

describe('certificate authority', () => {
  it('creates a self-signed root CA with a Chinese name in UTF8String', () => {
    const x = new X509Certificate(root.certificatePem);
    expect(x.ca).toBe(true);
    expect(x.subject).toContain('CN=万峰电子签名根证书');
    expect(x.subject).toBe(x.issuer);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(subjectTags(root.certificatePem).CN).toBe(forge.asn1.Type.UTF8);
    expect(subjectTags(root.certificatePem).C).toBe(forge.asn1.Type.PRINTABLESTRING);
    expect(root.serialNumber).toMatch(/^[0-7][0-9a-f]{31}$/);
    expect(root.privateKeyPem).toContain('BEGIN PRIVATE KEY');
  });

  it('exports the CA key as encrypted PKCS#8 and loads it back only with the right passphrase', () => {
    const encrypted = exportEncryptedKey(root, 'correct horse');
    expect(encrypted).toContain('BEGIN ENCRYPTED PRIVATE KEY');
    expect(encrypted).not.toContain(root.privateKeyPem.split('\n')[1]);
    const loaded = loadRootCa({ certificatePem: root.certificatePem, encryptedKeyPem: encrypted, passphrase: 'correct horse' });
    expect(loaded.privateKeyPem).toBe(root.privateKeyPem);
    expect(() => loadRootCa({ certificatePem: root.certificatePem, encryptedKeyPem: encrypted, passphrase: 'wrong' })).toThrow('根证书私钥口令不正确');
    expect(() => exportEncryptedKey(root, 'short')).toThrow('私钥保护口令至少 8 个字符');
  });

  it('issues a short-lived company certificate for document signing, chained to the root', () => {
    const x = new X509Certificate(company.certificatePem);
    expect(x.verify(new X509Certificate(root.certificatePem).publicKey)).toBe(true);
    expect(x.ca).toBe(false);
    expect(x.subject).toContain('CN=杭州万峰科技有限公司');
    expect(x.subject).toContain('O=杭州万峰科技有限公司');
    expect(x.subject).toContain('NTRCN-91330106MA2H0Q1X72');
    expect(x.issuer).toBe(new X509Certificate(root.certificatePem).subject);
    expect(x.serialNumber.toLowerCase()).toBe(company.serialNumber);
    expect(company.serialNumber).toHaveLength(32);
    expect(company.notAfter.getTime() - NOW.getTime()).toBe(3 * 86_400_000);
    expect(x.keyUsage).toEqual(expect.arrayContaining(['1.3.6.1.5.5.7.3.4', '1.3.6.1.5.5.7.3.36']));
    const forgeCert = forge.pki.certificateFromPem(company.certificatePem);
    const ku = forgeCert.getExtension('keyUsage') as { digitalSignature: boolean; nonRepudiation: boolean; keyCertSign: boolean; critical: boolean };
    expect(ku).toMatchObject({ digitalSignature: true, nonRepudiation: true, keyCertSign: false, critical: true });
    expect(subjectTags(company.certificatePem).CN).toBe(forge.asn1.Type.UTF8);
  });

  it('issues one-day event certificates that carry a masked or hashed ID number, never a full one', async () => {
    const x = new X509Certificate(person.certificatePem);
    expect(x.subject).toContain('CN=张三');
    expect(x.subject).toContain('serialNumber=110101********1234');
    expect(person.notAfter.getTime() - NOW.getTime()).toBe(86_400_000);
    expect(person.serialNumber).not.toBe(company.serialNumber);
    const hashed = await issueEventCertificate(root, { name: '李四', idNumberHash: 'a'.repeat(64), now: NOW });
    expect(new X509Certificate(hashed.certificatePem).subject).toContain(`serialNumber=${'a'.repeat(64)}`);
    await expect(issueEventCertificate(root, { name: '李四', idNumberMasked: '110101199001011234' })).rejects.toThrow('证件号码须为脱敏后的号码');
    await expect(issueEventCertificate(root, { name: '李四' })).rejects.toThrow('证件号码摘要或脱敏号码必须提供一项');
    await expect(issueEventCertificate(root, { name: '', idNumberHash: 'a'.repeat(64) })).rejects.toThrow('签署人姓名不能为空');
  });

  it('checks the unified social credit code', async () => {
    await expect(issueCompanyCertificate(root, { companyName: '某公司', uscc: '91330106MA2H0Q1X73' })).rejects.toThrow('统一社会信用代码格式不正确');
  });

  it('packs key, certificate and root into a PKCS#12 that opens only with its passphrase', () => {
    const opened = readP12(company.p12, 'p12-口令');
    expect(opened.certificate.serialNumber).toBe(company.serialNumber);
    expect(opened.chain.map((c) => c.serialNumber)).toEqual([root.serialNumber]);
    expect(opened.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    expect(() => readP12(company.p12, 'wrong')).toThrow('签名证书文件无法打开');
    expect(readP12(person.p12).certificate.serialNumber).toBe(person.serialNumber);
  });

  it('issues a time-stamping certificate with the timeStamping purpose only', async () => {
    const tsa = await issueTsaCertificate(root, { now: NOW });
    const eku = forge.pki.certificateFromPem(tsa.certificatePem).getExtension('extKeyUsage') as { timeStamping?: boolean; critical?: boolean };
    expect(eku).toMatchObject({ timeStamping: true, critical: true });
    expect(new X509Certificate(tsa.certificatePem).keyUsage).toEqual(['1.3.6.1.5.5.7.3.8']);
  });
});
