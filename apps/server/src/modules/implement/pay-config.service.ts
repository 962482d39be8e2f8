import { BANK_FILE_LAYOUTS, BANK_LAYOUT_SPECS, type BankFileLayoutKey, type PayAccountSave, type PayAccountView } from '@wfsaas/contracts';
import type { PersonalDataCipher } from '../../platform/crypto.ts';
import type { Executor } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './pay-config.queries.ts';

/**
 * 支付配置: the paying bank accounts (number encrypted, a keyed hash beside it, only the last four
 * digits shown) and the bank file layout each uses. One enabled account may be the default.
 */

const layoutLabel = (k: string) => BANK_FILE_LAYOUTS.find((l) => l.key === k)?.label ?? k;
export const maskAccount = (last4: string) => `**** **** **** ${last4}`;

const toView = (r: q.PayAccountRow): PayAccountView => ({
  id: r.id,
  bankName: r.bankName,
  branch: r.branch,
  accountName: r.accountName,
  accountMasked: maskAccount(r.accountLast4),
  layout: r.layout as BankFileLayoutKey,
  layoutLabel: layoutLabel(r.layout),
  isDefault: r.isDefault,
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
});

export async function listAccountsView(c: ServiceCtx): Promise<PayAccountView[]> {
  return (await q.listAccounts(c.tx, c.companyId)).map(toView);
}

async function requireAccount(c: ServiceCtx, id: number): Promise<q.PayAccountRow> {
  const row = await q.findAccount(c.tx, c.companyId, id);
  if (!row) throw notFound('付款账户');
  return row;
}

export async function saveAccount(c: ServiceCtx, input: PayAccountSave): Promise<PayAccountView> {
  const { cipher } = c.services;
  const before = input.id ? await requireAccount(c, input.id) : null;
  if (!before && !input.accountNumber) throw badRequest('银行账号不能为空');
  const number = input.accountNumber
    ? { accountEnc: cipher.encrypt(input.accountNumber), accountHash: cipher.lookupHash(input.accountNumber), accountLast4: input.accountNumber.slice(-4) }
    : null;
  if (number) {
    const other = await q.findAccountIdByHash(c.tx, c.companyId, number.accountHash);
    if (other !== null && other !== before?.id) throw conflict(`银行账号尾号${number.accountLast4}已添加为付款账户`);
  }
  const isDefault = input.enabled && (input.isDefault || (!before && (await q.findDefaultAccount(c.tx, c.companyId)) === null));
  if (isDefault) await q.clearDefault(c.tx, c.companyId);
  const values = { bankName: input.bankName, branch: input.branch, accountName: input.accountName, layout: input.layout, isDefault, enabled: input.enabled, ...(number ?? {}) };
  if (before) {
    const after = await q.updateAccount(c.tx, c.companyId, before.id, values);
    await c.audit({ action: 'payConfig.account.edit', entity: 'pay_account', entityId: after.id, before: toView(before), after: toView(after) });
    return toView(after);
  }
  const row = await q.insertAccount(c.tx, c.companyId, { ...values, ...number!, createdBy: c.user.userId });
  await c.audit({ action: 'payConfig.account.add', entity: 'pay_account', entityId: row.id, after: toView(row) });
  return toView(row);
}

export async function setDefaultAccount(c: ServiceCtx, id: number): Promise<PayAccountView> {
  const before = await requireAccount(c, id);
  if (!before.enabled) throw badRequest('付款账户已停用，启用后才能设为默认');
  await q.clearDefault(c.tx, c.companyId);
  const after = await q.updateAccount(c.tx, c.companyId, id, { isDefault: true });
  await c.audit({ action: 'payConfig.account.default', entity: 'pay_account', entityId: id, after: { isDefault: true } });
  return toView(after);
}

/** A disabled account is no longer the default and cannot be chosen for a bank file. */
export async function enableAccount(c: ServiceCtx, id: number, enabled: boolean): Promise<PayAccountView> {
  const before = await requireAccount(c, id);
  const after = await q.updateAccount(c.tx, c.companyId, id, enabled ? { enabled } : { enabled, isDefault: false });
  await c.audit({ action: enabled ? 'payConfig.account.enable' : 'payConfig.account.disable', entity: 'pay_account', entityId: id, before: { enabled: before.enabled }, after: { enabled } });
  return toView(after);
}

/** Archived, not deleted: earlier exports and the audit log still name it. */
export async function removeAccount(c: ServiceCtx, id: number): Promise<void> {
  const before = await requireAccount(c, id);
  await q.updateAccount(c.tx, c.companyId, id, { archivedAt: new Date(), isDefault: false });
  await c.audit({ action: 'payConfig.account.remove', entity: 'pay_account', entityId: id, before: toView(before) });
}

/**
 * The layout and paying account of a bank file: the chosen account (enabled, its layout), else the
 * layout asked for, else the default account's layout, else 通用格式.
 */
export async function resolveBankFileChoice(c: Pick<ServiceCtx, 'tx' | 'companyId'>, input: { layout?: BankFileLayoutKey; accountId?: number }): Promise<{ layout: BankFileLayoutKey; accountId: number | null; accountLabel: string | null }> {
  const label = (r: q.PayAccountRow) => `${r.bankName}尾号${r.accountLast4}`;
  if (input.accountId !== undefined) {
    const row = await q.findAccount(c.tx, c.companyId, input.accountId);
    if (!row) throw notFound('付款账户');
    if (!row.enabled) throw badRequest(`付款账户${label(row)}已停用`);
    return { layout: row.layout as BankFileLayoutKey, accountId: row.id, accountLabel: label(row) };
  }
  const fallback = await q.findDefaultAccount(c.tx, c.companyId);
  if (input.layout !== undefined) {
    // a layout that writes the paying account takes the default account's number
    const needsPayer = BANK_LAYOUT_SPECS[input.layout].summary === 'payerCountTotal';
    return { layout: input.layout, accountId: needsPayer && fallback ? fallback.id : null, accountLabel: needsPayer && fallback ? label(fallback) : null };
  }
  if (fallback) return { layout: fallback.layout as BankFileLayoutKey, accountId: fallback.id, accountLabel: label(fallback) };
  return { layout: 'generic', accountId: null, accountLabel: null };
}

/** The paying account as a bank file writes it (full number), for the export job. */
export async function payerForBankFile(exec: Executor, companyId: number, cipher: PersonalDataCipher, id: number): Promise<{ accountNumber: string; accountName: string; bankName: string } | null> {
  const row = await q.findAccount(exec, companyId, id);
  return row ? { accountNumber: cipher.decrypt(row.accountEnc), accountName: row.accountName, bankName: row.bankName } : null;
}
