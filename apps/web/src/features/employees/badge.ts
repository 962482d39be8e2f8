/** Employee badge layouts (工牌设置): pure rules, unit-tested. */

export type BadgeField = 'photo' | 'name' | 'department' | 'employeeNo' | 'qrcode' | 'position';

export const BADGE_FIELDS: readonly { key: BadgeField; label: string }[] = [
  { key: 'photo', label: '照片' },
  { key: 'name', label: '姓名' },
  { key: 'department', label: '部门' },
  { key: 'position', label: '岗位' },
  { key: 'employeeNo', label: '工号' },
  { key: 'qrcode', label: '工号二维码' },
];

export type BadgeLayout = {
  orientation: 'portrait' | 'landscape';
  fields: BadgeField[];
  /** header colour */
  color: string;
  /** the company line on top */
  title: string;
};

export const BADGE_COLORS = ['#1677ff', '#13a8a8', '#722ed1', '#fa541c', '#262626'] as const;

export const DEFAULT_BADGE_LAYOUT: BadgeLayout = { orientation: 'portrait', fields: ['photo', 'name', 'department', 'employeeNo', 'qrcode'], color: '#1677ff', title: '' };

/** Card size in millimetres: the common CR80 badge (85.6 × 54). */
export function badgeSizeMm(orientation: BadgeLayout['orientation']): { width: number; height: number } {
  return orientation === 'portrait' ? { width: 54, height: 85.6 } : { width: 85.6, height: 54 };
}

export function badgeStorageKey(companyId: number | null): string {
  return `employeeBrand.layout.${companyId ?? 0}`;
}

/** The stored layout, each part checked; the default for anything missing or wrong. */
export function parseBadgeLayout(raw: string | null): BadgeLayout {
  if (!raw) return { ...DEFAULT_BADGE_LAYOUT };
  try {
    const v = JSON.parse(raw) as Partial<BadgeLayout>;
    const known = new Set(BADGE_FIELDS.map((f) => f.key));
    return {
      orientation: v.orientation === 'landscape' ? 'landscape' : 'portrait',
      fields: Array.isArray(v.fields) ? BADGE_FIELDS.map((f) => f.key).filter((k) => known.has(k) && v.fields!.includes(k)) : [...DEFAULT_BADGE_LAYOUT.fields],
      color: typeof v.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(v.color) ? v.color : DEFAULT_BADGE_LAYOUT.color,
      title: typeof v.title === 'string' ? v.title.slice(0, 30) : '',
    };
  } catch {
    return { ...DEFAULT_BADGE_LAYOUT };
  }
}

/** The text a badge's QR code holds: the employee number (nothing when the employee has none). */
export function badgeQrText(employeeNo: string | null | undefined): string | null {
  const v = employeeNo?.trim();
  return v ? v : null;
}
