import { z } from 'zod';
import { zFileId, zPhone } from '../auth.ts';
import { isValidUscc } from '../uscc.ts';

/** The enterprise profile (企业信息): fixed lists of industries and size bands (docs/enterprise.md). */
export const INDUSTRIES = [
  '农、林、牧、渔业',
  '制造业',
  '建筑业',
  '批发和零售业',
  '交通运输、仓储和邮政业',
  '住宿和餐饮业',
  '软件和信息技术服务业',
  '金融业',
  '房地产业',
  '租赁和商务服务业',
  '科学研究和技术服务业',
  '教育',
  '卫生和社会工作',
  '文化、体育和娱乐业',
  '其他',
] as const;
export const SIZE_BANDS = ['1-19人', '20-99人', '100-499人', '500-999人', '1000人以上'] as const;

export const CERTIFICATION_STATUS = { none: 0, reviewing: 1, certified: 2, rejected: 3 } as const;
export const CERTIFICATION_STATUS_LABELS: Record<number, string> = { 0: '未认证', 1: '审核中', 2: '已认证', 3: '未通过' };

export const zEnterpriseProfileSave = z.object({
  name: z.string().trim().min(2, '至少2个字').max(100).describe('企业名称'),
  creditCode: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidUscc, '不正确，请核对18位统一社会信用代码（校验位不符）')
    .describe('统一社会信用代码'),
  legalRepresentative: z.string().trim().max(50).optional().describe('法定代表人'),
  registeredAddress: z.string().trim().max(200).optional().describe('注册地址'),
  industry: z.enum(INDUSTRIES, { message: '请从列表中选择' }).optional().describe('所属行业'),
  sizeBand: z.enum(SIZE_BANDS, { message: '请从列表中选择' }).optional().describe('企业规模'),
  /** A static upload's file id; absent keeps the logo, null removes it. */
  logoFileId: zFileId('企业Logo').nullable().optional(),
  contactName: z.string().trim().min(1).max(50).describe('联系人'),
  contactPhone: zPhone.describe('联系电话'),
  contactEmail: z.string().trim().max(100).email('格式不正确').optional().or(z.literal('')).describe('联系邮箱'),
});
export type EnterpriseProfileSave = z.infer<typeof zEnterpriseProfileSave>;

export type EnterpriseProfile = {
  companyId: number;
  name: string;
  creditCode: string | null;
  legalRepresentative: string | null;
  registeredAddress: string | null;
  industry: string | null;
  sizeBand: string | null;
  logoUrl: string | null;
  contactName: string | null;
  /** Masked (138****0000). */
  contactPhone: string | null;
  contactEmail: string | null;
  certificationStatus: number;
  certificationStatusLabel: string;
  certifiedAt: string | null;
};

/** The profile as saved, and whether the save sent a certified company back to 未认证. */
export type EnterpriseProfileSaved = EnterpriseProfile & { certificationReset: boolean };
