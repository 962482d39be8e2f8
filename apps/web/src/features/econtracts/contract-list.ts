import { CONTRACT_STATUSES } from '@wfsaas/contracts';
import { day, int, oneOf, range, text, type FiltersOf } from '../../app/ui/list-query.ts';
import { filterValue } from './contract-format.ts';
import type { ContractPageQuery } from './econtracts.api.ts';

/** The contract lists' modes, filters and tabs (no React; unit-tested). */

export type ContractListMode = 'pending' | 'signed' | 'manage';

export type ContractFilter = Omit<ContractPageQuery, 'pageNum' | 'pageSize'>;

export const MODES: Record<ContractListMode, { title: string; description: string; base: ContractFilter }> = {
  pending: { title: '待签署', description: '等待企业或员工签署的合同；选择合同后可一次加盖企业印章。', base: {} },
  signed: { title: '已签署', description: '双方均已签署完成的合同，可下载合同与证据报告。', base: { signStatus: 2 } },
  manage: { title: '合同管理', description: '全部员工的电子与纸质合同：查看状态、盖章、催签、撤回、中止与终止。', base: {} },
};

type Tab = { key: string; label: string; query: ContractFilter };

/** 待签署: the company's turn first, then by status. */
const PENDING_TABS: readonly Tab[] = [
  { key: 'company', label: '待企业签署', query: { awaitingCompany: true } },
  { key: '0', label: '待签署', query: { signStatus: 0 } },
  { key: '1', label: '签署中', query: { signStatus: 1 } },
];
/** 合同管理: 全部 first, then each status. */
const STATUS_TABS: readonly Tab[] = [{ key: 'all', label: '全部', query: {} }, ...CONTRACT_STATUSES.map((s) => ({ key: String(s.value), label: s.label, query: { signStatus: s.value as ContractFilter['signStatus'] } }))];

/** The status tabs of a mode (已签署 has none). */
export function contractTabs(mode: ContractListMode): readonly Tab[] {
  return mode === 'pending' ? PENDING_TABS : mode === 'manage' ? STATUS_TABS : [];
}

export const CONTRACT_LIST_SCHEMA = {
  keyword: text,
  contractTypeId: int,
  form: int,
  complete: int,
  signed: int,
  initiated: range(day),
  tab: oneOf([...new Set([...PENDING_TABS, ...STATUS_TABS].map((t) => t.key))]),
};

export type ContractListFilters = FiltersOf<typeof CONTRACT_LIST_SCHEMA>;

export function contractListDefaults(mode: ContractListMode): ContractListFilters {
  return { tab: contractTabs(mode)[0]?.key };
}

/** The query form's filters and the mode, as the page call's body without tab and paging. */
export function contractFilter(mode: ContractListMode, f: ContractListFilters): ContractFilter {
  return {
    ...MODES[mode].base,
    keyword: f.keyword?.trim() || undefined,
    contractTypeId: f.contractTypeId || undefined,
    form: filterValue(f.form) as ContractFilter['form'],
    complete: filterValue(f.complete) as ContractFilter['complete'],
    signed: filterValue(f.signed) as ContractFilter['signed'],
    initiatedFrom: f.initiated?.[0]?.format('YYYY-MM-DD'),
    initiatedTo: f.initiated?.[1]?.format('YYYY-MM-DD'),
  };
}

/** What a tab adds to the filter; an unknown tab is the mode's first. */
export function tabQuery(mode: ContractListMode, key: string | undefined): ContractFilter {
  const tabs = contractTabs(mode);
  return (tabs.find((t) => t.key === key) ?? tabs[0])?.query ?? {};
}
