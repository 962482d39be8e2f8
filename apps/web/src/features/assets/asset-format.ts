import { ASSET_STATUS, assetStatusLabel } from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** What the asset list shows and offers per status (the server enforces the same moves). */

export const ASSET_TABS = [
  { key: 'all', label: '全部' },
  { key: '1', label: '在库' },
  { key: '2', label: '已领用' },
  { key: '3', label: '维修中' },
  { key: '4', label: '已报废' },
] as const;
export type AssetTab = (typeof ASSET_TABS)[number]['key'];

export const tabStatus = (tab: AssetTab): number | undefined => (tab === 'all' ? undefined : Number(tab));

export function assetStatusTone(status: number): StatusTone {
  if (status === ASSET_STATUS.inStock) return 'success';
  if (status === ASSET_STATUS.issued) return 'processing';
  if (status === ASSET_STATUS.repairing) return 'warning';
  return 'default';
}

export { assetStatusLabel };

export type AssetMove = 'issue' | 'return' | 'repair' | 'repaired' | 'scrap' | 'edit';

/** The moves an asset in this status allows: 报废 is final, an issued asset is returned before repair or scrap. */
export function assetMoves(status: number): AssetMove[] {
  switch (status) {
    case ASSET_STATUS.inStock:
      return ['edit', 'issue', 'repair', 'scrap'];
    case ASSET_STATUS.issued:
      return ['edit', 'return'];
    case ASSET_STATUS.repairing:
      return ['edit', 'repaired', 'scrap'];
    default:
      return [];
  }
}
