import { CalendarOutlined, DownOutlined, HistoryOutlined, ImportOutlined, PlusOutlined, SaveOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { DepartmentNode, DepartmentVersionTree } from '@wfsaas/contracts';
import { Alert, App, Button, DatePicker, Dropdown, Flex, Spin, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { useCurrentCompany } from '../../app/session/queries.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { DepartmentFormDrawer, type DepartmentFormTarget } from './DepartmentFormDrawer.tsx';
import { COMPANY_KEY, DepartmentTreePanel, type DepartmentAction } from './DepartmentTreePanel.tsx';
import { HeadcountTable, VacancyCell } from './HeadcountTable.tsx';
import { ImportDepartmentsModal } from './ImportDepartmentsModal.tsx';
import { MergeDepartmentModal } from './MergeDepartmentModal.tsx';
import { MoveDepartmentModal } from './MoveDepartmentModal.tsx';
import { ORG_EDIT, orgCalls, useDepartmentTree, useInvalidateOrg } from './org.api.ts';
import { departmentTrail, findDepartment, resolveDrop, type DropMode } from './org-tree.ts';
import { SaveVersionModal, VersionListDrawer } from './VersionModals.tsx';

type History = { tree: DepartmentVersionTree; label: string };

/** /organizationalstructure/index (组织与编制): the department tree and the headcount of the chosen subtree. */
export default function OrgIndexPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[ORG_EDIT] === true;
  const company = useCurrentCompany();
  const companyName = company?.companyName ?? '全公司';
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const live = useDepartmentTree(includeDisabled);
  const [history, setHistory] = useState<History | null>(null);
  const [selectedId, setSelectedId] = useState<number>(COMPANY_KEY);
  const [form, setForm] = useState<DepartmentFormTarget | null>(null);
  const [mergeSource, setMergeSource] = useState<DepartmentNode | null>(null);
  const [moveSource, setMoveSource] = useState<DepartmentNode | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [saveVersionOpen, setSaveVersionOpen] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);

  const invalidate = useInvalidateOrg();
  const move = useAction(orgCalls.moveDepartment, { success: '部门已移动', invalidate });
  const disable = useAction(orgCalls.disableDepartment, { success: '部门已停用', invalidate });
  const enable = useAction(orgCalls.enableDepartment, { success: '部门已启用', invalidate });
  const remove = useAction(orgCalls.deleteDepartment, { success: '删除成功', invalidate });

  const nodes = useMemo(() => (history ? history.tree.tree : (live.data?.tree ?? [])), [history, live.data]);
  const totals = history ? { plan: history.tree.totalPlan, actual: history.tree.totalActual } : { plan: live.data?.totalPlan ?? 0, actual: live.data?.totalActual ?? 0 };
  const selected = selectedId === COMPANY_KEY ? null : findDepartment(nodes, selectedId);
  const shown = selected ? [selected] : nodes;
  const editable = canEdit && !history;

  // a past organisation: as of a day, or a saved version (a missing one is shown by the request client)
  const loadHistory = useAction((load: () => Promise<DepartmentVersionTree>, label: string) => load().then((tree) => ({ tree, label })), {
    onSuccess: (h) => {
      setHistory(h);
      setSelectedId(COMPANY_KEY);
    },
  });
  const historyLoading = loadHistory.pending;
  const showHistory = (date: Dayjs | null) => {
    if (!date) setHistory(null);
    else void loadHistory.run(() => orgCalls.versionAsOf(date.format('YYYY-MM-DD')), `${date.format('YYYY-MM-DD')} 的组织架构`);
  };
  const viewVersion = (id: number, name: string) => {
    setVersionsOpen(false);
    void loadHistory.run(() => orgCalls.versionDetail(id), `版本「${name}」`);
  };

  const onAction = (action: DepartmentAction, node: DepartmentNode) => {
    switch (action) {
      case 'addChild':
        setForm({ mode: 'add', parentId: node.id });
        return;
      case 'edit':
        setForm({ mode: 'edit', department: node });
        return;
      case 'move':
        setMoveSource(node);
        return;
      case 'merge':
        setMergeSource(node);
        return;
      case 'disable':
        modal.confirm({
          title: `确认停用「${node.name}」?`,
          content: '停用后其下级部门将一并停用，停用的部门不再出现在选择部门的列表中。部门下有在职员工时不能停用。',
          okText: '确定',
          cancelText: '取消',
          type: 'warning',
          onOk: () => disable.run(node.id),
        });
        return;
      case 'enable':
        void enable.run(node.id);
        return;
      case 'delete':
        confirmDelete(
          modal,
          async () => {
            if ((await remove.run(node.id)) && selectedId === node.id) setSelectedId(node.parentId ?? COMPANY_KEY);
          },
          `删除「${node.name}」后不可恢复。部门下还有员工或下级部门时不能删除。`,
        );
        return;
    }
  };

  const onDrop = (dragId: number, targetId: number, mode: DropMode) => {
    const drag = findDepartment(nodes, dragId);
    if (!drag) return;
    const plan = targetId === COMPANY_KEY ? (mode === 'inside' ? { parentId: null, sort: 0 } : null) : resolveDrop(nodes, dragId, targetId, mode);
    if (!plan) return;
    const parentName = plan.parentId === null ? companyName : (findDepartment(nodes, plan.parentId)?.name ?? '');
    const target = targetId === COMPANY_KEY ? null : findDepartment(nodes, targetId);
    const where = mode === 'inside' || !target ? `「${parentName}」下` : `「${parentName}」下，排在「${target.name}」${mode === 'before' ? '之前' : '之后'}`;
    modal.confirm({
      title: '确认移动部门?',
      content: `将「${drag.name}」${drag.children.length > 0 ? '及其下级部门' : ''}移动到${where}。`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => move.run({ id: dragId, ...plan }),
    });
  };

  const versionMenu = {
    items: [
      ...(canEdit ? [{ key: 'save', icon: <SaveOutlined />, label: '保存为版本' }] : []),
      { key: 'list', icon: <UnorderedListOutlined />, label: '版本记录' },
    ],
    onClick: ({ key }: { key: string }) => (key === 'save' ? setSaveVersionOpen(true) : setVersionsOpen(true)),
  };

  const trail = selected ? departmentTrail(nodes, selected.id) : [];
  const plan = selected ? selected.subtreePlan : totals.plan;
  const actual = selected ? selected.subtreeActual : totals.actual;

  return (
    <Flex vertical gap={16} className="org-index-page">
      <PageHeader
        title="组织与编制"
        description="维护部门树、负责人与编制；拖动部门即可调整上下级。"
        extra={
          <>
            <DatePicker
              placeholder="查看历史组织"
              suffixIcon={<CalendarOutlined />}
              className="history-date"
              value={null}
              onChange={(d) => void showHistory(d)}
              disabledDate={(d) => d.isAfter(dayjs().add(10, 'year'))}
            />
            <Dropdown menu={versionMenu}>
              <Button icon={<HistoryOutlined />} className="version-button">
                版本 <DownOutlined />
              </Button>
            </Dropdown>
            {canEdit && (
              <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)}>
                导入部门
              </Button>
            )}
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add', parentId: selected && selected.status === 1 ? selected.id : null })} className="add-department">
                新增部门
              </Button>
            )}
          </>
        }
      />
      {history && (
        <Alert
          type="info"
          showIcon
          className="history-banner"
          title={`正在查看${history.label}（只读）`}
          description={`生效版本：${history.tree.version.name}，生效日期 ${formatDate(history.tree.version.effectiveDate)}，共 ${history.tree.version.departmentCount} 个部门。在职人数为保存版本时的人数。`}
          action={
            <Button size="small" onClick={() => setHistory(null)}>
              返回当前组织
            </Button>
          }
        />
      )}
      <Spin spinning={live.isLoading || historyLoading}>
        <Flex gap={16} align="flex-start">
          <Panel className="org-tree-panel" bodyStyle={{ padding: 16, minHeight: 560 }}>
            <div style={{ width: 272 }}>
              <DepartmentTreePanel
                companyName={companyName}
                nodes={nodes}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onAction={editable ? onAction : null}
                onDrop={editable ? onDrop : undefined}
                includeDisabled={includeDisabled}
                onIncludeDisabled={history ? undefined : setIncludeDisabled}
                totals={totals}
              />
            </div>
          </Panel>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Panel
              title={
                <span className="selected-title">
                  {selected ? selected.name : companyName}
                  {trail.length > 1 && <span style={{ marginInlineStart: 8, fontSize: 12, fontWeight: 400, color: 'rgba(0,0,0,0.45)' }}>{trail.join(' / ')}</span>}
                </span>
              }
              extra={
                selected && editable ? (
                  <Flex gap={8}>
                    <Button size="small" onClick={() => onAction('edit', selected)}>
                      编辑
                    </Button>
                    {selected.status === 1 && (
                      <Button size="small" onClick={() => onAction('addChild', selected)}>
                        新增下级
                      </Button>
                    )}
                  </Flex>
                ) : undefined
              }
            >
              <Flex gap={48} wrap style={{ marginBottom: 20 }} className="headcount-stats">
                <Statistic title="负责人" value={selected ? (selected.leaderName ?? EMPTY_TEXT) : EMPTY_TEXT} />
                <Statistic title="编制（含下级）" value={plan} />
                <Statistic title="在职（含下级）" value={actual} />
                <Statistic title="缺编" valueRender={() => <VacancyCell value={plan === 0 ? null : plan - actual} />} />
                {!selected && !history && <Statistic title="未分配部门的员工" value={live.data?.unassignedActual ?? 0} />}
              </Flex>
              <HeadcountTable key={`${selectedId}-${history ? history.tree.version.id : 'live'}`} nodes={shown} onAction={editable ? onAction : null} />
            </Panel>
          </div>
        </Flex>
      </Spin>
      {canEdit && (
        <>
          <DepartmentFormDrawer target={form} onClose={() => setForm(null)} onSaved={(id) => setSelectedId((cur) => (form?.mode === 'add' ? cur : id))} />
          <MergeDepartmentModal source={mergeSource} onClose={() => setMergeSource(null)} />
          <MoveDepartmentModal source={moveSource} companyName={companyName} onClose={() => setMoveSource(null)} />
          <ImportDepartmentsModal open={importOpen} onClose={() => setImportOpen(false)} />
          <SaveVersionModal open={saveVersionOpen} onClose={() => setSaveVersionOpen(false)} />
        </>
      )}
      <VersionListDrawer open={versionsOpen} onClose={() => setVersionsOpen(false)} onView={(v) => void viewVersion(v.id, v.name)} />
    </Flex>
  );
}
