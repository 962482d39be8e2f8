import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ITEM_CATEGORIES, ITEM_TYPE, ITEM_TYPES, SYSTEM_ITEMS, type SalaryItemInput } from '@wfsaas/contracts';
import { Alert, Button, Card, Flex, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { FormulaEditor } from './FormulaEditor.tsx';
import type { GroupDraft } from './group-draft.ts';

export type GroupSaveError = { item: string | null; message: string };

/** 薪资项目: the items in calculation order, each with its type, category and formula or source. */
export function ItemsTab({ draft, patch, error }: { draft: GroupDraft; patch: (p: Partial<GroupDraft>) => void; error: GroupSaveError | null }) {
  const setItem = (i: number, p: Partial<SalaryItemInput>) => {
    const items = draft.items.map((it, j) => (j === i ? { ...it, ...p } : it));
    const old = draft.items[i]!.name;
    // a renamed item keeps its role as gross / net item
    const rename = p.name !== undefined && p.name !== old ? { grossItem: draft.grossItem === old ? p.name : draft.grossItem, netItem: draft.netItem === old ? p.name : draft.netItem } : {};
    patch({ items, ...rename });
  };
  const move = (i: number, by: -1 | 1) => {
    const items = [...draft.items];
    const [it] = items.splice(i, 1);
    items.splice(i + by, 0, it!);
    patch({ items });
  };
  return (
    <Flex vertical gap={12} className="group-items">
      <Typography.Text type="secondary">
        项目按顺序计算；公式中用【项目名称】引用其他项目，可用 + − × ÷、比较和 IF、ROUND、MAX、MIN、SUM 等函数。
      </Typography.Text>
      {draft.items.map((it, i) => {
        const isError = error?.item === it.name;
        const others = draft.items.filter((_, j) => j !== i).map((x) => x.name).filter(Boolean);
        return (
          <Card
            key={i}
            size="small"
            className="group-item"
            data-item={it.name}
            style={isError ? { borderColor: '#ff4d4f' } : undefined}
            title={
              <Flex gap={8} align="center">
                <span style={{ color: 'rgba(0,0,0,0.45)', width: 24 }}>{i + 1}</span>
                <Input value={it.name} maxLength={30} placeholder="项目名称" style={{ width: 180 }} onChange={(e) => setItem(i, { name: e.target.value })} className="item-name" />
                <Select
                  value={it.type}
                  style={{ width: 200 }}
                  onChange={(v: 1 | 2 | 3 | 4) => setItem(i, { type: v, ...(v === ITEM_TYPE.system ? { systemKey: it.systemKey ?? 'requiredDays' } : { systemKey: undefined }), ...(v === ITEM_TYPE.formula ? {} : { formula: undefined }) })}
                  options={ITEM_TYPES.map((t) => ({ value: t.value, label: t.label }))}
                />
                <Select value={it.category ?? 'other'} style={{ width: 110 }} onChange={(v) => setItem(i, { category: v })} options={ITEM_CATEGORIES.map((c) => ({ value: c.key, label: c.label }))} />
                {draft.grossItem === it.name && <Tag color="blue">应发</Tag>}
                {draft.netItem === it.name && <Tag color="green">实发</Tag>}
              </Flex>
            }
            extra={
              <Space size={0}>
                <span style={{ marginInlineEnd: 8, color: 'rgba(0,0,0,0.65)' }}>
                  工资条显示 <Switch size="small" checked={it.showOnPayslip !== false} onChange={(v) => setItem(i, { showOnPayslip: v })} />
                </span>
                <Button type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label="上移" />
                <Button type="text" icon={<ArrowDownOutlined />} disabled={i === draft.items.length - 1} onClick={() => move(i, 1)} aria-label="下移" />
                <Button type="text" danger icon={<DeleteOutlined />} disabled={draft.items.length <= 1} onClick={() => patch({ items: draft.items.filter((_, j) => j !== i) })} aria-label="删除" />
              </Space>
            }
          >
            {it.type === ITEM_TYPE.formula ? (
              <FormulaEditor value={it.formula ?? ''} onChange={(v) => setItem(i, { formula: v })} itemNames={others} error={isError ? error.message : null} />
            ) : it.type === ITEM_TYPE.system ? (
              <Flex vertical gap={8}>
                <Flex gap={12} align="center">
                  <Select value={it.systemKey} style={{ width: 200 }} onChange={(v) => setItem(i, { systemKey: v })} options={SYSTEM_ITEMS.map((s) => ({ value: s.key, label: s.label }))} />
                  <Typography.Text type="secondary">{SYSTEM_ITEMS.find((s) => s.key === it.systemKey)?.note}</Typography.Text>
                </Flex>
                {isError && <Alert type="error" showIcon message={error.message} />}
              </Flex>
            ) : (
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">{it.type === ITEM_TYPE.input ? '每月在「导入数据」中按表头名称导入，或在「审核结果」中逐人修改。' : '取员工档案中的月薪，月中入离职按在职工作日折算。'}</Typography.Text>
                {isError && <Alert type="error" showIcon message={error.message} />}
              </Flex>
            )}
          </Card>
        );
      })}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => patch({ items: [...draft.items, { name: '', type: ITEM_TYPE.input, category: 'income', decimals: 2, showOnPayslip: true }] })} className="item-add">
        添加工资项目
      </Button>
    </Flex>
  );
}
