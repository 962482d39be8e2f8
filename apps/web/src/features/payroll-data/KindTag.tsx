import { dataKindOf } from '@wfsaas/contracts';
import { Tag } from 'antd';
import { KIND_SCREENS } from './data-format.ts';

const KIND_COLORS: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'purple' };

/** The kind of a data table as a coloured tag. */
export function KindTag({ kind }: { kind: number }) {
  const k = dataKindOf(kind);
  return (
    <Tag color={KIND_COLORS[kind]} style={{ marginInlineEnd: 0 }}>
      {KIND_SCREENS[k.key].title}
    </Tag>
  );
}
