import { DISPATCH_POST_KINDS, isValidUscc, POST_KINDS, type ClientSave, type ClientView, type PostKind } from '@wfsaas/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export type PostRow = { name: string; kind: PostKind | undefined };

/** The client form: the save body with the agreement term as one date range. */
export type ClientValues = {
  name: string;
  creditCode: string;
  kind: 1 | 2 | 3;
  agreement: [Dayjs, Dayjs] | null;
  planId: number | null;
  headcount: number | null;
  posts: PostRow[];
  contactName: string;
  contactPhone: string;
  remark: string;
};

export function clientValues(c: ClientView | null): ClientValues {
  return {
    name: c?.name ?? '',
    creditCode: c?.creditCode ?? '',
    kind: c?.kind ?? 1,
    agreement: c ? [dayjs(c.agreementStart), dayjs(c.agreementEnd)] : null,
    planId: c?.planId ?? null,
    headcount: c?.headcount ?? null,
    posts: c ? c.posts.map((p) => ({ name: p.name, kind: p.kind })) : [{ name: '', kind: undefined }],
    contactName: c?.contactName ?? '',
    contactPhone: c?.contactPhone ?? '',
    remark: c?.remark ?? '',
  };
}

/** The save body. Run after the form's checks passed (dates, plan and post kinds are present). */
export function toClientSave(v: ClientValues, id: number | null): ClientSave {
  const [start, end] = v.agreement ?? [null, null];
  return {
    ...(id !== null ? { id } : {}),
    name: v.name.trim(),
    creditCode: (v.creditCode ?? '').trim().toUpperCase(),
    kind: v.kind,
    agreementStart: start ? start.format('YYYY-MM-DD') : '',
    agreementEnd: end ? end.format('YYYY-MM-DD') : '',
    planId: v.planId ?? 0,
    headcount: v.headcount ?? 0,
    posts: (v.posts ?? []).filter((p) => p.name.trim() !== '' || p.kind !== undefined).map((p) => ({ name: p.name.trim(), kind: p.kind as PostKind })),
    contactName: (v.contactName ?? '').trim(),
    contactPhone: (v.contactPhone ?? '').trim(),
    remark: (v.remark ?? '').trim(),
  };
}

/** The post kinds a client of this kind may use: a dispatch client only 临时性/辅助性/替代性. */
export function postKindOptions(kind: number): { value: PostKind; label: string }[] {
  return POST_KINDS.filter((k) => kind !== 1 || DISPATCH_POST_KINDS.includes(k.value)).map((k) => ({ value: k.value, label: k.label }));
}

/** The posts' check: at least one, each named and marked, names unique; dispatch posts within the three kinds. */
export function postsError(posts: readonly PostRow[] | undefined, kind: number): string | null {
  const rows = (posts ?? []).filter((p) => p.name.trim() !== '' || p.kind !== undefined);
  if (rows.length === 0) return '请至少添加一个岗位';
  const seen = new Set<string>();
  for (const [i, p] of rows.entries()) {
    const name = p.name.trim();
    const at = `第${i + 1}个岗位`;
    if (!name) return `${at}：请输入岗位名称`;
    if (name.length > 40) return `${at}：岗位名称不能超过40个字`;
    if (!p.kind) return `岗位「${name}」：请选择岗位性质`;
    if (kind === 1 && !DISPATCH_POST_KINDS.includes(p.kind)) return `岗位「${name}」：劳务派遣只能用于临时性、辅助性或替代性岗位`;
    if (seen.has(name)) return `岗位「${name}」重复`;
    seen.add(name);
  }
  return null;
}

/** The credit code may be left empty; when given it must be a valid unified social credit code. */
export function creditCodeError(v: string | null | undefined): string | null {
  const code = (v ?? '').trim().toUpperCase();
  if (!code) return null;
  if (code.length !== 18) return '统一社会信用代码应为18位';
  if (!isValidUscc(code)) return '统一社会信用代码不正确，请核对';
  return null;
}

/**
 * The contact phone: empty, an 11-digit mobile number, or the masked number shown when editing left
 * unchanged (the stored number is kept).
 */
export function contactPhoneError(v: string | null | undefined, shown: string | null | undefined): string | null {
  const text = (v ?? '').trim();
  if (!text) return null;
  if (shown && text === shown) return null;
  if (!/^1[3-9]\d{9}$/.test(text)) return '请输入正确的11位手机号';
  return null;
}

/** The agreement term: both dates, the end not before the start. */
export function agreementError(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): string | null {
  if (!range || !range[0] || !range[1]) return '请选择协议期限';
  if (range[1].isBefore(range[0], 'day')) return '协议结束日期不能早于开始日期';
  return null;
}

/** Posts whose kind the client's kind no longer allows (after switching to 劳务派遣): their kind is cleared. */
export function postsForKind(posts: readonly PostRow[], kind: number): PostRow[] {
  if (kind !== 1) return [...posts];
  return posts.map((p) => (p.kind && !DISPATCH_POST_KINDS.includes(p.kind) ? { ...p, kind: undefined } : p));
}
