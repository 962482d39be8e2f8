import { Alert, Button, Flex, Result, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/api/client.ts';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { BasicTab } from './GroupBasicTab.tsx';
import { ItemsTab, type GroupSaveError } from './GroupItemsTab.tsx';
import { MembersTab } from './GroupMembersTab.tsx';
import { itemOfMessage, newGroupDraft, toGroupSave, type GroupDraft } from './group-draft.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useGroup, useInvalidatePayroll } from './payroll.api.ts';

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
  const [error, setError] = useState<GroupSaveError | null>(null);

  const patch = (p: Partial<GroupDraft>) => {
    setDraft((d) => ({ ...d, ...p }));
    setDirty(true);
  };

  const saveGroup = useAction(
    async () => {
      setError(null);
      try {
        return await payrollCalls.saveGroup(groupId ? { ...draft, id: groupId } : draft);
      } catch (e) {
        if (e instanceof ApiError) showError(e.message);
        throw e;
      }
    },
    {
      success: '保存成功',
      onSuccess: async (saved) => {
        setDirty(false);
        await invalidate();
        if (!groupId) navigate(`/fzsxapp/configSalaryGroup/${saved.id}`, { replace: true });
      },
    },
  );
  const saving = saveGroup.pending;
  useLeaveGuard(dirty && !saving);

  /** A formula error names its item: open the items tab there. */
  const showError = (message: string) => {
    const item = itemOfMessage(message, draft.items.map((i) => i.name));
    setError({ item, message });
    if (item) {
      setTab('items');
      setTimeout(() => document.querySelector(`.group-item[data-item="${CSS.escape(item)}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }), 100);
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
              <Button type="primary" loading={saving} onClick={() => void saveGroup.run()} className="group-save">
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
