import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EMPLOYMENT_TYPES,
  ITEM_CATEGORIES,
  ITEM_TYPE,
  ITEM_TYPES,
  PRORATION_BASES,
  SI_BASE_RULES,
  SYSTEM_ITEMS,
  TAX_RULES,
  type DepartmentOption,
  type GroupMemberView,
  type SalaryItemInput,
} from '@wfsaas/contracts';
import { Alert, Button, Card, Checkbox, Col, Empty, Flex, Form, Input, InputNumber, Radio, Result, Row, Select, Space, Spin, Switch, Table, Tabs, Tag, TreeSelect, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/api/client.ts';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { FormulaEditor } from './FormulaEditor.tsx';
import { itemOfMessage, newGroupDraft, toGroupSave, type GroupDraft } from './group-draft.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useDepartments, useEmployeeSearch, useGroup, useGroupMembers, useInvalidatePayroll, usePolicies } from './payroll.api.ts';

/** /fzsxapp/configSalaryGroup/:id (薪资组设置): basics, who is in the group, the items and their formulas. `new` creates. */
export default function GroupConfigPage() {
  const { id } = useParams();
  const isNew = id === 'new';
  const groupId = isNew ? null : Number(id);
  const group = useGroup(groupId);
  // kept here so the open tab survives the editor being rebuilt after a save
  const [tab, setTab] = useState('basic');
  if (!isNew && group.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!isNew && !group.data) return <Result status="404" title="薪资组不存在" subTitle="该薪资组可能已被删除，或不属于当前公司。" />;
  return <GroupEditor key={group.data?.updatedAt ?? 'new'} groupId={groupId} initial={group.data ? toGroupSave(group.data) : newGroupDraft()} tab={tab} setTab={setTab} />;
}

function GroupEditor({ groupId, initial, tab, setTab }: { groupId: number | null; initial: GroupDraft; tab: string; setTab: (t: string) => void }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.groupEdit] === true;
  const invalidate = useInvalidatePayroll();
  const [draft, setDraft] = useState<GroupDraft>(initial);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ item: string | null; message: string } | null>(null);
  useLeaveGuard(dirty && !saving);

  const patch = (p: Partial<GroupDraft>) => {
    setDraft((d) => ({ ...d, ...p }));
    setDirty(true);
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await payrollCalls.saveGroup(groupId ? { ...draft, id: groupId } : draft);
      toastSuccess('保存成功');
      setDirty(false);
      await invalidate();
      if (!groupId) navigate(`/fzsxapp/configSalaryGroup/${saved.id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError) {
        const item = itemOfMessage(e.message, draft.items.map((i) => i.name));
        setError({ item, message: e.message });
        if (item) {
          setTab('items');
          setTimeout(() => document.querySelector(`.group-item[data-item="${CSS.escape(item)}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }), 100);
        }
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={16} className="group-config-page">
      <PageHeader
        title={groupId ? `薪资组设置 · ${initial.name}` : '新增薪资组'}
        description="保存时会校验所有公式，有误时不会保存并在对应项目旁提示。"
        extra={
          <>
            <Button onClick={() => navigate('/fzsxapp/salaryManagement')}>返回</Button>
            {canEdit && (
              <Button type="primary" loading={saving} onClick={() => void save()} className="group-save">
                保存
              </Button>
            )}
          </>
        }
      />
      {error && !error.item && <Alert type="error" showIcon message={error.message} closable onClose={() => setError(null)} />}
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'basic', label: '基本信息', children: <BasicTab draft={draft} patch={patch} /> },
            { key: 'members', label: '人员范围', children: <MembersTab groupId={groupId} draft={draft} patch={patch} /> },
            { key: 'items', label: `薪资项目（${draft.items.length}）`, children: <ItemsTab draft={draft} patch={patch} error={error?.item ? error : null} /> },
          ]}
        />
      </Panel>
    </Flex>
  );
}

function BasicTab({ draft, patch }: { draft: GroupDraft; patch: (p: Partial<GroupDraft>) => void }) {
  const policies = usePolicies();
  const cities = useMemo(() => [...new Set((policies.data ?? []).map((p) => p.city))], [policies.data]);
  const names = draft.items.map((i) => i.name).filter(Boolean);
  return (
    <Form layout="vertical" style={{ maxWidth: 880 }} className="group-basic">
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item label="薪资组名称" required htmlFor="group-name">
            <Input id="group-name" value={draft.name} maxLength={40} placeholder="例如：杭州总部月薪" onChange={(e) => patch({ name: e.target.value })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="发薪日">
            <InputNumber min={1} max={31} value={draft.payDay} addonBefore="每月" addonAfter="日" style={{ width: '100%' }} onChange={(v) => patch({ payDay: v ?? 10 })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="固定工资折算" extra="月中入职、离职或调薪时，固定工资项（档案月薪）按在职天数折算的方式；工作日取自日历数据">
            <Select value={draft.prorationBasis ?? 'workdays'} onChange={(v) => patch({ prorationBasis: v })} options={PRORATION_BASES.map((b) => ({ value: b.key, label: b.label }))} className="group-proration" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="计税规则">
            <Radio.Group value={draft.taxRule} onChange={(e) => patch({ taxRule: e.target.value as 0 | 1 | 2 })} options={TAX_RULES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="社保城市政策" htmlFor="group-si-city" extra="按所选城市的社保、公积金缴费基数上下限和比例计算">
            <Select
              id="group-si-city"
              value={draft.siCity ?? ''}
              loading={policies.isLoading}
              onChange={(v: string) => patch({ siCity: v || null })}
              options={[{ value: '', label: '不缴纳社保公积金' }, ...cities.map((c) => ({ value: c, label: c }))]}
            />
          </Form.Item>
        </Col>
        {draft.siCity && (
          <>
            <Col span={12}>
              <Form.Item label="缴费基数">
                <Select value={draft.siBaseRule ?? 'salary'} onChange={(v) => patch({ siBaseRule: v })} options={SI_BASE_RULES.map((r) => ({ value: r.key, label: r.label }))} />
              </Form.Item>
            </Col>
            {draft.siBaseRule === 'fixed' && (
              <Col span={12}>
                <Form.Item label="固定缴费基数" required>
                  <Input prefix="¥" value={draft.siBaseAmount ?? ''} placeholder="例如：8000.00" onChange={(e) => patch({ siBaseAmount: e.target.value.trim() || undefined })} />
                </Form.Item>
              </Col>
            )}
            <Col span={12}>
              <Form.Item label="公积金缴存比例" extra="单位和个人相同，留空按政策默认比例">
                <Input value={draft.hfRate ?? ''} placeholder="例如：0.07 表示 7%" onChange={(e) => patch({ hfRate: e.target.value.trim() || undefined })} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={12}>
          <Form.Item label="应发工资项" required extra="作为本期收入计税的项目">
            <Select value={draft.grossItem || undefined} placeholder="请选择" onChange={(v: string) => patch({ grossItem: v })} options={names.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="实发工资项" required extra="发放给员工的金额">
            <Select value={draft.netItem || undefined} placeholder="请选择" onChange={(v: string) => patch({ netItem: v })} options={names.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

type TreeNode = { value: number; title: string; children: TreeNode[] };

function departmentTree(list: DepartmentOption[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>(list.map((d) => [d.id, { value: d.id, title: d.name, children: [] }]));
  const roots: TreeNode[] = [];
  for (const d of [...list].sort((a, b) => a.sort - b.sort)) {
    const n = nodes.get(d.id)!;
    const parent = d.parentId !== null ? nodes.get(d.parentId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

function MembersTab({ groupId, draft, patch }: { groupId: number | null; draft: GroupDraft; patch: (p: Partial<GroupDraft>) => void }) {
  const departments = useDepartments();
  const tree = useMemo(() => departmentTree(departments.data ?? []), [departments.data]);
  const [query, setQuery] = useState({ pageNum: 1, pageSize: 10 });
  const members = useGroupMembers(groupId ? { id: groupId, ...query } : null);
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(keyword.trim()), 400);
    return () => clearTimeout(t);
  }, [keyword]);
  const search = useEmployeeSearch(debounced);
  const [names, setNames] = useState<Record<number, string>>({});

  const add = (id: number, name: string) => {
    setNames((n) => ({ ...n, [id]: name }));
    patch({ includeEmployeeIds: [...new Set([...draft.includeEmployeeIds, id])], excludeEmployeeIds: draft.excludeEmployeeIds.filter((x) => x !== id) });
  };
  const remove = (m: GroupMemberView) => {
    setNames((n) => ({ ...n, [m.employeeId]: m.name }));
    patch({ includeEmployeeIds: draft.includeEmployeeIds.filter((x) => x !== m.employeeId), excludeEmployeeIds: m.via === 'rule' ? [...new Set([...draft.excludeEmployeeIds, m.employeeId])] : draft.excludeEmployeeIds });
  };
  const label = (id: number) => names[id] ?? members.data?.data.find((m) => m.employeeId === id)?.name ?? `员工 ${id}`;

  return (
    <Flex vertical gap={20} className="group-members">
      <Card size="small" title="按规则匹配" styles={{ body: { paddingBottom: 8 } }}>
        <Form layout="vertical">
          <Row gutter={24}>
            <Col span={12}>
              <Form.Item label="适用部门" extra="含下级部门；不选表示全部部门">
                <TreeSelect
                  multiple
                  treeCheckable
                  showCheckedStrategy={TreeSelect.SHOW_PARENT}
                  treeDefaultExpandAll
                  allowClear
                  placeholder="全部部门"
                  loading={departments.isLoading}
                  treeData={tree}
                  value={draft.departmentIds}
                  onChange={(v: number[]) => patch({ departmentIds: v })}
                  maxTagCount={4}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="用工类型" extra="不选表示全部用工类型">
                <Checkbox.Group value={draft.employmentTypes} onChange={(v) => patch({ employmentTypes: v as number[] })} options={EMPLOYMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card size="small" title="手动调整">
        <Flex vertical gap={12}>
          <Space.Compact style={{ width: 420 }}>
            <Select
              showSearch
              filterOption={false}
              value={null}
              placeholder="搜索姓名、工号或手机号，添加到薪资组"
              onSearch={setKeyword}
              loading={search.isFetching}
              style={{ width: '100%' }}
              className="member-add"
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到员工" />}
              options={(search.data ?? []).map((e) => ({ value: e.id, label: `${e.name}${e.employeeNo ? `（${e.employeeNo}）` : ''} ${e.departmentName ?? ''}` }))}
              onChange={(v: number | null) => {
                const e = search.data?.find((x) => x.id === v);
                if (e) add(e.id, e.name);
              }}
            />
          </Space.Compact>
          <div>
            <Typography.Text type="secondary">手动添加：</Typography.Text>
            {draft.includeEmployeeIds.length === 0 ? (
              <Typography.Text type="secondary">无</Typography.Text>
            ) : (
              draft.includeEmployeeIds.map((id) => (
                <Tag key={id} closable color="blue" onClose={() => patch({ includeEmployeeIds: draft.includeEmployeeIds.filter((x) => x !== id) })}>
                  {label(id)}
                </Tag>
              ))
            )}
          </div>
          <div>
            <Typography.Text type="secondary">手动移除：</Typography.Text>
            {draft.excludeEmployeeIds.length === 0 ? (
              <Typography.Text type="secondary">无</Typography.Text>
            ) : (
              draft.excludeEmployeeIds.map((id) => (
                <Tag key={id} closable onClose={() => patch({ excludeEmployeeIds: draft.excludeEmployeeIds.filter((x) => x !== id) })}>
                  {label(id)}
                </Tag>
              ))
            )}
          </div>
        </Flex>
      </Card>
      <Card size="small" title={groupId ? `当前人员（已保存的范围，共 ${members.data?.pageMessage.total ?? 0} 人）` : '当前人员'}>
        {groupId ? (
          <Table<GroupMemberView>
            rowKey="employeeId"
            size="small"
            loading={members.isFetching}
            dataSource={members.data?.data ?? []}
            pagination={serverPagination(query, members.data?.pageMessage, setQuery)}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有员工符合范围，调整部门或用工类型，或手动添加" /> }}
            columns={[
              { title: '工号', dataIndex: 'employeeNo', width: 140, render: (v: string | null) => v ?? '—' },
              { title: '姓名', dataIndex: 'name', width: 120 },
              { title: '部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
              { title: '用工类型', dataIndex: 'employmentType', width: 110, render: (v: number | null) => EMPLOYMENT_TYPES.find((t) => t.value === v)?.label ?? '—' },
              { title: '加入方式', dataIndex: 'via', width: 100, render: (v: string) => (v === 'manual' ? <Tag color="blue">手动添加</Tag> : <Tag>规则匹配</Tag>) },
              {
                title: '操作',
                key: 'a',
                width: 90,
                render: (_: unknown, m) =>
                  draft.excludeEmployeeIds.includes(m.employeeId) ? (
                    <Typography.Text type="secondary">待移除</Typography.Text>
                  ) : (
                    <Button type="link" size="small" danger onClick={() => remove(m)}>
                      移除
                    </Button>
                  ),
              },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">保存薪资组后显示符合范围的人员。</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

function ItemsTab({ draft, patch, error }: { draft: GroupDraft; patch: (p: Partial<GroupDraft>) => void; error: { item: string | null; message: string } | null }) {
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
