/** The employee record's code tables (证件类型, 性别, 学历 …) and their labels. */

export type CodeOption<V extends number | string = number> = { readonly value: V; readonly label: string };

/** Document types. */
export const ID_TYPES = [
  { value: 1, label: '身份证' },
  { value: 2, label: '护照' },
  { value: 3, label: '港澳台通行证' },
] as const;

export const GENDERS = [
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;

export const EMPLOYMENT_TYPES = [
  { value: 1, label: '全职' },
  { value: 2, label: '实习' },
  { value: 3, label: '兼职' },
  { value: 4, label: '劳务派遣' },
  { value: 5, label: '外包' },
  { value: 6, label: '退休返聘' },
] as const;

/** Employee status: 0 pending, 1 probation, 2 regular, 3 leaving, 4 left. */
export const EMPLOYEE_STATUSES = [
  { value: 0, label: '待入职' },
  { value: 1, label: '试用期' },
  { value: 2, label: '正式' },
  { value: 3, label: '待离职' },
  { value: 4, label: '已离职' },
] as const;

export const EMPLOYEE_STATUS = { pending: 0, probation: 1, regular: 2, leaving: 3, left: 4 } as const;

export const EDUCATIONS = [
  { value: 1, label: '小学' },
  { value: 2, label: '初中' },
  { value: 3, label: '高中' },
  { value: 4, label: '中专' },
  { value: 5, label: '大专' },
  { value: 6, label: '本科' },
  { value: 7, label: '硕士研究生' },
  { value: 8, label: '博士研究生' },
  { value: 9, label: '其他' },
] as const;

export const MARITAL_STATUSES = [
  { value: 1, label: '未婚' },
  { value: 2, label: '已婚' },
  { value: 3, label: '离异' },
  { value: 4, label: '丧偶' },
] as const;

/** 户口性质 */
export const HUKOU_TYPES = [
  { value: 1, label: '本地城镇' },
  { value: 2, label: '本地农村' },
  { value: 3, label: '外地城镇' },
  { value: 4, label: '外地农村' },
  { value: 5, label: '港澳台' },
  { value: 6, label: '外籍' },
] as const;

/** The 56 ethnic groups, in the order of GB/T 3304. */
export const ETHNICITIES = [
  '汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族',
  '满族', '侗族', '瑶族', '白族', '土家族', '哈尼族', '哈萨克族', '傣族', '黎族', '傈僳族',
  '佤族', '畲族', '高山族', '拉祜族', '水族', '东乡族', '纳西族', '景颇族', '柯尔克孜族', '土族',
  '达斡尔族', '仫佬族', '羌族', '布朗族', '撒拉族', '毛南族', '仡佬族', '锡伯族', '阿昌族', '普米族',
  '塔吉克族', '怒族', '乌孜别克族', '俄罗斯族', '鄂温克族', '德昂族', '保安族', '裕固族', '京族', '塔塔尔族',
  '独龙族', '鄂伦春族', '赫哲族', '门巴族', '珞巴族', '基诺族',
] as const;
export type Ethnicity = (typeof ETHNICITIES)[number];

export const DEFAULT_NATIONALITY = '中国';

export const ATTACHMENT_CATEGORIES = [
  { value: 'photo', label: '员工照片' },
  { value: 'idFront', label: '证件正面' },
  { value: 'idBack', label: '证件反面' },
  { value: 'certificate', label: '资格证书' },
  { value: 'other', label: '其他附件' },
] as const;
export type AttachmentCategory = (typeof ATTACHMENT_CATEGORIES)[number]['value'];

export const EMPLOYEE_TASK_TYPES = [
  { value: 1, label: '补充材料' },
  { value: 2, label: '证件到期' },
  { value: 3, label: '入职准备' },
  { value: 4, label: '转正评估' },
  { value: 9, label: '其他' },
] as const;

export const EMPLOYEE_TASK_STATUSES = [
  { value: 0, label: '待完成' },
  { value: 1, label: '已完成' },
] as const;

/** The label of a code, '' when unknown or empty. */
export function codeLabel<V extends number | string>(table: readonly CodeOption<V>[], value: V | null | undefined): string {
  if (value === null || value === undefined) return '';
  return table.find((o) => o.value === value)?.label ?? '';
}

/** The code of a label (import: a cell holds '全职'), or of a value written as text ('1'). */
export function codeFromLabel<V extends number | string>(table: readonly CodeOption<V>[], text: string): V | undefined {
  const t = text.trim();
  const byLabel = table.find((o) => o.label === t);
  if (byLabel) return byLabel.value;
  return table.find((o) => String(o.value) === t)?.value;
}

/** Uploaded files count as images by extension. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'psd', 'svg', 'tiff'] as const;

export function isImageFileName(name: string | null | undefined): boolean {
  if (!name) return false;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}
