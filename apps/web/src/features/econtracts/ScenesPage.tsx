import { SIGN_SCENES, type SceneView } from '@wfsaas/contracts';
import { App, Button, Empty, Flex, Form, Input, Radio, Select, Space, Switch, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { EC_CONFIG_EDIT, ecCalls, useInvalidateContracts, usePackageOptions, useSceneForm, useScenes } from './econtracts.api.ts';

type SceneValues = { name: string; packageIds: number[]; enabled: boolean };

const NEW_SCENE: Partial<SceneValues> = { enabled: true, packageIds: [] };

function SceneModal({ dealCode, open, item, onClose }: { dealCode: number; open: boolean; item: SceneView | null; onClose: () => void }) {
  const packages = usePackageOptions();
  const save = useAction((v: SceneValues) => ecCalls.saveScene({ ...(item ? { id: item.id } : {}), dealCode: dealCode as 1000, name: v.name.trim(), packageIds: v.packageIds, enabled: v.enabled }), {
    success: '保存成功',
    invalidate: useInvalidateContracts(),
    onSuccess: onClose,
  });
  return (
    <FormModal<SceneValues>
      open={open}
      title={item ? '编辑签署场景' : '新增签署场景'}
      onClose={onClose}
      onSubmit={save.run}
      values={item ? { name: item.name, packageIds: item.packages.map((p) => p.id), enabled: item.enabled } : NEW_SCENE}
      className="scene-modal"
    >
      <Form.Item name="name" label="场景名称" rules={[{ required: true, whitespace: true, message: '请填写场景名称' }, { max: 30, message: '不能超过 30 个字' }]}>
        <Input maxLength={30} aria-label="场景名称" placeholder="例如：社招入职" />
      </Form.Item>
      <Form.Item name="packageIds" label="合同包" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个合同包' }]} extra="第一个合同包为该场景的默认合同包。">
        <Select mode="multiple" aria-label="合同包" options={(packages.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

/** The scene package form as the business screens show it: groups (scenes) with packages, first ones chosen. */
function SceneFormPreview({ dealCode }: { dealCode: number }) {
  const form = useSceneForm(dealCode);
  const [sceneId, setSceneId] = useState<number | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  useEffect(() => {
    setSceneId(form.data?.signScenarioId ?? null);
    setPackageId(form.data?.signPackageId ?? null);
  }, [form.data]);
  const groups = form.data?.sceneGrouVoList ?? [];
  if (!groups.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该业务没有启用的签署场景" />;
  const group = groups.find((g) => g.sceneId === sceneId);
  return (
    <Flex vertical gap={12} className="scene-form-preview">
      <div>
        签署场景：
        <Radio.Group
          value={sceneId}
          onChange={(e) => {
            const id = e.target.value as number;
            setSceneId(id);
            setPackageId(groups.find((g) => g.sceneId === id)?.children[0]?.signPackageId ?? null);
          }}
          options={groups.map((g) => ({ value: g.sceneId, label: g.sceneName }))}
        />
      </div>
      <div>
        合同包：
        <Radio.Group value={packageId} onChange={(e) => setPackageId(e.target.value as number)} options={(group?.children ?? []).map((p) => ({ value: p.signPackageId, label: p.signPackageName }))} />
      </div>
    </Flex>
  );
}

/** /qszx-vite/contractConfig (合同表单配置): signing scenes per business (deal codes 1000–1005). */
export default function ScenesPage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[EC_CONFIG_EDIT] === true;
  const [dealCode, setDealCode] = useState<number>(SIGN_SCENES[0].dealCode);
  const scenes = useScenes(dealCode);
  const invalidate = useInvalidateContracts();
  // a refused removal refreshes the list too
  const remove = useAction((id: number) => ecCalls.removeScene(id).finally(invalidate), { success: '删除成功' });
  const [editing, setEditing] = useState<{ open: boolean; item: SceneView | null }>({ open: false, item: null });
  const columns: TableColumnsType<SceneView> = [
    { title: '场景名称', dataIndex: 'name', width: 200 },
    {
      title: '合同包',
      dataIndex: 'packages',
      render: (v: SceneView['packages']) => (
        <Flex wrap gap={4}>
          {v.map((p, i) => (
            <Tag key={p.id} color={i === 0 ? 'blue' : undefined}>
              {p.name}
              {i === 0 ? '（默认）' : ''}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { title: '状态', dataIndex: 'enabled', width: 90, render: (v: boolean) => (v ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>) },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_: unknown, r: SceneView) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing({ open: true, item: r })}>
                  编辑
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete(modal, () => remove.run(r.id))}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={16} className="scenes-page">
      <PageHeader
        title="合同表单配置"
        description="为入职、转正、调岗、续签、合同变更、离职等业务配置签署场景及其合同包；办理业务时默认选中第一个场景的第一个合同包。"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => setEditing({ open: true, item: null })} className="scene-new">
              新增场景
            </Button>
          )
        }
      />
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs activeKey={String(dealCode)} onChange={(k) => setDealCode(Number(k))} items={SIGN_SCENES.map((s) => ({ key: String(s.dealCode), label: `${s.label}（${s.dealCode}）` }))} />
        <Table<SceneView> rowKey="id" size="middle" loading={scenes.isFetching} dataSource={scenes.data ?? []} columns={columns} pagination={false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无签署场景，点击新增场景" /> }} />
      </Panel>
      <Panel title="业务办理时的选择效果">
        <SceneFormPreview dealCode={dealCode} />
      </Panel>
      <SceneModal dealCode={dealCode} open={editing.open} item={editing.item} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
    </Flex>
  );
}
