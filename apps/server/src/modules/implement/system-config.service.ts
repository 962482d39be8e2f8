import {
  DEFAULT_RETENTION,
  DEFAULT_SECURITY,
  DEFAULT_PAGE_WATERMARK,
  SYSTEM_FIELDS,
  systemFieldDef,
  type PasswordClass,
  type RetentionSettings,
  type SecuritySettings,
  type SystemConfigView,
  type SystemFieldSave,
  type SystemFieldSetting,
  type PageWatermarkSettings,
  type PageWatermarkView,
} from '@wfsaas/contracts';
import { chinaToday } from '../../platform/china-date.ts';
import type { Executor } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as q from './system-config.queries.ts';

/**
 * 系统配置 (docs/system-config.md): how the roster's standard fields show, the sign-in and password
 * rules, the page watermark and how long imports, audit entries and sent messages are kept.
 */

const securityOf = (r: q.SettingsRow | null): SecuritySettings =>
  r
    ? {
        passwordMinLength: r.passwordMinLength,
        passwordClasses: r.passwordClasses as PasswordClass[],
        passwordExpiryDays: r.passwordExpiryDays,
        passwordHistory: r.passwordHistory,
        lockAfterFailures: r.lockAfterFailures,
        lockMinutes: r.lockMinutes,
        sessionHours: r.sessionHours,
      }
    : { ...DEFAULT_SECURITY, passwordClasses: [...DEFAULT_SECURITY.passwordClasses] };
const watermarkOf = (r: q.SettingsRow | null): PageWatermarkSettings =>
  r ? { enabled: r.watermarkEnabled, showName: r.watermarkName, showPhone: r.watermarkPhone, showDate: r.watermarkDate, text: r.watermarkText } : { ...DEFAULT_PAGE_WATERMARK };
const retentionOf = (r: q.SettingsRow | null): RetentionSettings => (r ? { importDays: r.importDays, auditDays: r.auditDays, outboxDays: r.outboxDays } : { ...DEFAULT_RETENTION });

// ── fields ──

/** Every standard field as the company has set it, in its order (fields it never set keep their defaults, after). */
export async function loadFieldSettings(exec: Executor, companyId: number): Promise<SystemFieldSetting[]> {
  const rows = new Map((await q.listFieldSettings(exec, companyId)).map((r) => [r.fieldKey, r]));
  const set = SYSTEM_FIELDS.filter((d) => rows.has(d.key)).sort((a, b) => rows.get(a.key)!.sortOrder - rows.get(b.key)!.sortOrder);
  const rest = SYSTEM_FIELDS.filter((d) => !rows.has(d.key));
  return [...set, ...rest].map((d, i) => {
    const r = rows.get(d.key);
    return {
      key: d.key,
      standardLabel: d.label,
      label: r?.label || d.label,
      // core fields are shown and keep their rule whatever a row says
      visible: d.core ? true : (r?.visible ?? true),
      required: d.core ? d.required : (r?.required ?? d.required),
      core: d.core,
      column: d.column,
      group: d.group,
      sortOrder: i + 1,
    };
  });
}

/** The company's field settings, or null when it never set any (callers keep their own order then). */
export async function loadSavedFieldSettings(exec: Executor, companyId: number): Promise<SystemFieldSetting[] | null> {
  return (await q.listFieldSettings(exec, companyId)).length === 0 ? null : loadFieldSettings(exec, companyId);
}

export function listFields(c: ServiceCtx): Promise<SystemFieldSetting[]> {
  return loadFieldSettings(c.tx, c.companyId);
}

/** The visible fields in order: what the roster, the employee form and the import template show. */
export async function visibleFields(c: ServiceCtx): Promise<SystemFieldSetting[]> {
  return (await loadFieldSettings(c.tx, c.companyId)).filter((x) => x.visible);
}

export async function saveFields(c: ServiceCtx, input: SystemFieldSave): Promise<SystemFieldSetting[]> {
  const given = new Map<string, SystemFieldSave['fields'][number]>();
  for (const x of input.fields) {
    const def = systemFieldDef(x.key);
    if (!def) throw badRequest(`字段「${x.key}」不存在`);
    if (given.has(x.key)) throw badRequest(`字段「${def.label}」重复设置`);
    given.set(x.key, x);
    if (def.core && !x.visible) throw badRequest(`「${def.label}」是核心字段，不能隐藏`);
    if (def.core && x.required !== def.required) throw badRequest(`「${def.label}」是核心字段，不能修改是否必填`);
    if (!x.visible && x.required) throw badRequest(`「${def.label}」隐藏后不能设为必填`);
  }
  // import headers are matched by name: a shown name belongs to one field and is no other field's own name
  const shown = new Map<string, string>();
  for (const d of SYSTEM_FIELDS) {
    const label = given.get(d.key)?.label || d.label;
    const holder = shown.get(label) ?? SYSTEM_FIELDS.find((o) => o.key !== d.key && o.label === label)?.label;
    if (holder) throw badRequest(`显示名称「${label}」与字段「${holder}」重复`);
    shown.set(label, d.label);
  }
  const before = await loadFieldSettings(c.tx, c.companyId);
  await q.replaceFieldSettings(
    c.tx,
    c.companyId,
    input.fields.map((x, i) => {
      const def = systemFieldDef(x.key)!;
      return { fieldKey: x.key, label: x.label && x.label !== def.label ? x.label : '', visible: def.core ? true : x.visible, required: def.core ? def.required : x.required, sortOrder: i + 1, updatedBy: c.user.userId };
    }),
  );
  const after = await loadFieldSettings(c.tx, c.companyId);
  await c.audit({ action: 'systemFieldConfig.save', entity: 'system_field_settings', entityId: c.companyId, before: brief(before), after: brief(after) });
  return after;
}

const brief = (list: SystemFieldSetting[]) => list.map((x) => ({ key: x.key, label: x.label, visible: x.visible, required: x.required }));

export async function resetFields(c: ServiceCtx): Promise<SystemFieldSetting[]> {
  const before = await loadFieldSettings(c.tx, c.companyId);
  await q.replaceFieldSettings(c.tx, c.companyId, []);
  const after = await loadFieldSettings(c.tx, c.companyId);
  await c.audit({ action: 'systemFieldConfig.reset', entity: 'system_field_settings', entityId: c.companyId, before: brief(before), after: brief(after) });
  return after;
}

// ── the other tabs ──

export async function configDetail(c: ServiceCtx): Promise<SystemConfigView> {
  const r = await q.findSettings(c.tx, c.companyId);
  return { security: securityOf(r), watermark: watermarkOf(r), retention: retentionOf(r), sessionHoursCeiling: c.services.config.sessionTtlHours, updatedAt: r?.updatedAt.toISOString() ?? null };
}

async function saveSettings(c: ServiceCtx, action: string, patch: q.SettingsPatch, pick: (r: q.SettingsRow | null) => unknown): Promise<SystemConfigView> {
  const before = await q.findSettings(c.tx, c.companyId);
  const after = await q.upsertSettings(c.tx, c.companyId, { ...patch, updatedBy: c.user.userId });
  await c.audit({ action, entity: 'system_settings', entityId: c.companyId, before: pick(before), after: pick(after) });
  return configDetail(c);
}

export function saveSecurity(c: ServiceCtx, input: SecuritySettings): Promise<SystemConfigView> {
  const ceiling = c.services.config.sessionTtlHours;
  if (input.sessionHours !== null && input.sessionHours > ceiling) throw badRequest(`登录有效期（小时）不能超过平台上限${ceiling}小时`);
  const classes = [...new Set(input.passwordClasses)];
  return saveSettings(c, 'systemConfig.security', { ...input, passwordClasses: classes }, securityOf);
}

export function saveWatermark(c: ServiceCtx, input: PageWatermarkSettings): Promise<SystemConfigView> {
  if (input.enabled && !input.showName && !input.showPhone && !input.showDate && !input.text) throw badRequest('水印内容：请至少选择一项');
  return saveSettings(
    c,
    'systemConfig.watermark',
    { watermarkEnabled: input.enabled, watermarkName: input.showName, watermarkPhone: input.showPhone, watermarkDate: input.showDate, watermarkText: input.text },
    watermarkOf,
  );
}

export function saveRetention(c: ServiceCtx, input: RetentionSettings): Promise<SystemConfigView> {
  return saveSettings(c, 'systemConfig.retention', input, retentionOf);
}

/** The signed-in member's watermark: their name, the last four digits of their phone, today (China), the company's text. */
export async function currentWatermark(c: ServiceCtx): Promise<PageWatermarkView> {
  const w = watermarkOf(await q.findSettings(c.tx, c.companyId));
  if (!w.enabled) return { enabled: false, lines: [] };
  const first: string[] = [];
  if (w.showName) first.push(c.user.nickname);
  if (w.showPhone) {
    const enc = await q.findUserPhoneEnc(c.tx, c.user.userId);
    const phone = enc ? c.services.cipher.decrypt(enc) : '';
    if (phone) first.push(phone.slice(-4));
  }
  const lines = [first.join(' '), [w.showDate ? chinaToday() : '', w.text].filter(Boolean).join(' ')].filter(Boolean);
  return { enabled: true, lines };
}
