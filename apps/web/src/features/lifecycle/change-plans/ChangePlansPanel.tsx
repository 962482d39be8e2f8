import {
  CHANGE_PLAN_DATE_RULES,
  CHANGE_PLAN_SCENES,
  MAX_PLAN_RANGE_DAYS,
  type ChangePlanDateRule,
  type ChangePlanFormSource,
  type ChangePlanScene,
  type ChangePlanView,
  type FormDefinition,
} from '@wfsaas/contracts';
import { App, Alert, Button, Flex, Form, Input, InputNumber, Radio, Segmented, Select, Space, Table, TreeSelect, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { FormDrawer } from '../../../app/ui/FormOverlay.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { useDepartmentOptions } from '../../employees/employees.api.ts';
import { toTreeSelectData } from '../../org/org-tree.ts';
import { useChangeForm, useInvalidateLifecycle } from '../lifecycle.api.ts';
import { changePlanCalls, useChangePlans, usePlanApproverOptions } from './change-plans.api.ts';

const MUTED = { color: 'rgba(0,0,0,0.45)' } as const;
const ALL = 'all';

type Values = {
  name: string;
  scene: ChangePlanScene;
  departmentIds: number[];
  formSource: ChangePlanFormSource;
  approvers: string[];
  dateRule: ChangePlanDateRule;
  minDays?: number | null;
  maxDays?: number | null;
  remark?: string;
};

const changeTypeOf = (scene: ChangePlanScene) => CHANGE_PLAN_SCENES.find((s) => s.key === scene)!.changeType;
const approverText = (p: ChangePlanView) => p.approvers.map((a) => (a.kind === 'role' ? `角色：${a.name}` : a.name)).join('、');
const formText = (p: ChangePlanView) => (p.formSource === 'snapshot' && p.form ? `方案表单 第${p.formVersion}版（${p.form.widgetList.map((w) => w.label).join('、')}）` : '该类异动的异动表单');

/** 异动方案: per scene, the departments a plan covers, its form, approvers and effective-date rule. */
export function ChangePlansPanel({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const plans = useChangePlans();
  const invalidate = useInvalidateLifecycle();
  const [scene, setScene] = useState<ChangePlanScene | typeof ALL>(ALL);
  const [editing, setEditing] = useState<ChangePlanView | 'new' | null>(null);
  const toggle = useAction((p: ChangePlanView) => (p.enabled ? changePlanCalls.disable(p.id) : changePlanCalls.enable(p.id)), { success: (r) => (r.enabled ? '已启用' : '已停用'), invalidate });
  const remove = useAction((p: ChangePlanView) => changePlanCalls.remove(p.id), { success: '已删除', invalidate });
  const rows = (plans.data ?? []).filter((p) => scene === ALL || p.scene === scene);
  const count = (s: ChangePlanScene) => (plans.data ?? []).filter((p) => p.scene === s).length;

  const columns: TableColumnsType<ChangePlanView> = [
    { title: '方案名称', dataIndex: 'name', width: 160, render: (v: string, p) => (<div>{v}{p.remark && <div style={{ ...MUTED, fontSize: 12 }}>{p.remark}</div>}</div>) },
    { title: '场景', dataIndex: 'sceneLabel', width: 90 },
    { title: '适用范围', key: 'scope', width: 180, render: (_: unknown, p) => (p.departmentNames.length ? p.departmentNames.join('、') : '全公司') },
    { title: '审批人（任一人审批即可）', key: 'approvers', width: 200, render: (_: unknown, p) => approverText(p) },
    { title: '生效日期', dataIndex: 'dateRuleText', width: 170 },
    { title: '表单', key: 'form', width: 200, render: (_: unknown, p) => <span style={MUTED}>{formText(p)}</span> },
    { title: '状态', key: 'enabled', width: 80, render: (_: unknown, p) => <StatusTag tone={p.enabled ? 'success' : 'default'}>{p.enabled ? '启用' : '停用'}</StatusTag> },
    { title: '已使用', dataIndex: 'usedCount', width: 80, render: (v: number) => `${v} 次` },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 160,
            fixed: 'right' as const,
            render: (_: unknown, p: ChangePlanView) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setEditing(p)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => void toggle.run(p)}>
                  {p.enabled ? '停用' : '启用'}
                </Button>
                {p.usedCount === 0 && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => modal.confirm({ title: `确认删除方案「${p.name}」？`, okText: '删除', okButtonProps: { danger: true }, cancelText: '取消', onOk: () => remove.run(p) })}
                  >
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Panel
      title="异动方案"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing('new')} className="add-change-plan">
            新建方案
          </Button>
        )
      }
    >
      <div style={{ ...MUTED, marginBottom: 12 }}>
        为每种异动设置审批人、生效日期规则和表单。员工所在部门（含上级部门）有方案时按最近的部门方案办理，否则按全公司方案；调岗或调薪没有专门方案时按调岗调薪方案。适用方案的异动须由方案审批人审批；没有适用方案的异动按上方的「需要审批的异动」办理。
      </div>
      <Segmented
        value={scene}
        onChange={(v) => setScene(v as ChangePlanScene | typeof ALL)}
        options={[{ value: ALL, label: `全部 ${plans.data?.length ?? 0}` }, ...CHANGE_PLAN_SCENES.map((s) => ({ value: s.key, label: `${s.label} ${count(s.key)}` }))]}
        style={{ marginBottom: 12 }}
        className="change-plan-scenes"
      />
      <Table<ChangePlanView>
        rowKey="id"
        size="middle"
        className="change-plans-table"
        loading={plans.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: '暂无异动方案' }}
      />
      {editing && <PlanDrawer plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Panel>
  );
}

function PlanDrawer({ plan, onClose }: { plan: ChangePlanView | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidateLifecycle();
  const options = usePlanApproverOptions(true);
  const departments = useDepartmentOptions();
  const treeData = useMemo(() => toTreeSelectData(departments.data ?? []), [departments.data]);
  const scene = Form.useWatch('scene', form) ?? plan?.scene ?? 'transfer';
  const formSource = Form.useWatch('formSource', form) ?? plan?.formSource ?? 'type';
  const dateRule = Form.useWatch('dateRule', form) ?? plan?.dateRule;
  const typeForm = useChangeForm(changeTypeOf(scene));
  const [snapshot, setSnapshot] = useState<FormDefinition | null>(plan?.form ?? null);
  const ownForm = snapshot ?? (typeForm.data ? { formConfig: typeForm.data.formConfig, widgetList: typeForm.data.widgetList } : null);

  const save = useAction(
    (v: Values) =>
      changePlanCalls.save({
        id: plan?.id,
        name: v.name.trim(),
        scene: v.scene,
        departmentIds: v.departmentIds ?? [],
        formSource: v.formSource,
        ...(v.formSource === 'snapshot' && ownForm ? { formConfig: ownForm.formConfig, widgetList: ownForm.widgetList } : {}),
        approverUserIds: v.approvers.filter((a) => a.startsWith('u:')).map((a) => Number(a.slice(2))),
        approverRoleIds: v.approvers.filter((a) => a.startsWith('r:')).map((a) => Number(a.slice(2))),
        dateRule: v.dateRule,
        minDays: v.dateRule === 'range' ? v.minDays : null,
        maxDays: v.dateRule === 'range' ? v.maxDays : null,
        remark: v.remark?.trim() || undefined,
      }),
    { success: '保存成功', invalidate, onSuccess: onClose },
  );

  const approverOptions = [
    { label: '成员', options: (options.data?.members ?? []).map((m) => ({ value: `u:${m.userId}`, label: m.name })) },
    { label: '角色（角色中任一成员）', options: (options.data?.roles ?? []).map((r) => ({ value: `r:${r.id}`, label: `角色：${r.name}` })) },
  ];
  const preview = formSource === 'snapshot' ? ownForm : typeForm.data;

  return (
    <FormDrawer<Values>
      title={plan ? `编辑异动方案 · ${plan.name}` : '新建异动方案'}
      open
      width={600}
      form={form}
      onClose={onClose}
      onSubmit={(v) => save.run(v)}
      okClassName="save-change-plan"
      formProps={{ className: 'change-plan-form' }}
      values={
        plan
          ? {
              name: plan.name,
              scene: plan.scene,
              departmentIds: plan.departmentIds,
              formSource: plan.formSource,
              approvers: plan.approvers.map((a) => `${a.kind === 'role' ? 'r' : 'u'}:${a.id}`),
              dateRule: plan.dateRule,
              minDays: plan.minDays,
              maxDays: plan.maxDays,
              remark: plan.remark ?? '',
            }
          : { scene: 'transfer', departmentIds: [], formSource: 'type', approvers: [], dateRule: 'immediate' }
      }
    >
      <Form.Item name="name" label="方案名称" rules={[{ required: true, whitespace: true, message: '请填写方案名称' }]}>
        <Input maxLength={50} placeholder="如：技术中心调薪" />
      </Form.Item>
      <Form.Item name="scene" label="异动场景" rules={[{ required: true, message: '请选择异动场景' }]}>
        <Select aria-label="异动场景" options={CHANGE_PLAN_SCENES.map((s) => ({ value: s.key, label: s.label }))} />
      </Form.Item>
      <Form.Item name="departmentIds" label="适用部门" extra="不选表示全公司适用（每种场景一个）；选择部门时，部门及其下级部门适用，下级部门有自己的方案时以下级为准。">
        <TreeSelect
          multiple
          treeData={treeData}
          treeDefaultExpandAll
          showSearch={{ treeNodeFilterProp: 'title' }}
          allowClear
          placeholder="全公司"
          loading={departments.isLoading}
          className="plan-department-select"
        />
      </Form.Item>
      <Form.Item name="approvers" label="审批人" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一名审批人或一个审批角色' }]} extra="列出的任一人审批即可；只列出持有「审批异动」权限的成员和角色。">
        <Select mode="multiple" aria-label="审批人" options={approverOptions} loading={options.isLoading} showSearch={{ optionFilterProp: 'label' }} placeholder="选择成员或角色" className="plan-approver-select" />
      </Form.Item>
      <Form.Item name="dateRule" label="生效日期规则" rules={[{ required: true, message: '请选择生效日期规则' }]}>
        <Radio.Group options={CHANGE_PLAN_DATE_RULES.map((r) => ({ value: r.key, label: r.label }))} />
      </Form.Item>
      {dateRule === 'range' && (
        <Flex gap={16} align="flex-start">
          <Form.Item name="minDays" label="最早（办理后天数）" rules={[{ required: true, message: '请填写最早天数' }]} style={{ flex: 1 }}>
            <InputNumber min={0} max={MAX_PLAN_RANGE_DAYS} precision={0} style={{ width: '100%' }} addonAfter="天" />
          </Form.Item>
          <Form.Item
            name="maxDays"
            label="最晚（办理后天数）"
            dependencies={['minDays']}
            rules={[
              { required: true, message: '请填写最晚天数' },
              ({ getFieldValue }) => ({ validator: (_, v: number | null) => (v == null || (getFieldValue('minDays') ?? 0) <= v ? Promise.resolve() : Promise.reject(new Error('最晚天数不能小于最早天数'))) }),
            ]}
            style={{ flex: 1 }}
          >
            <InputNumber min={0} max={MAX_PLAN_RANGE_DAYS} precision={0} style={{ width: '100%' }} addonAfter="天" />
          </Form.Item>
        </Flex>
      )}
      <Form.Item name="formSource" label="办理表单">
        <Radio.Group
          options={[
            { value: 'type', label: '使用该类异动的异动表单（随其修改）' },
            { value: 'snapshot', label: '固定为方案表单（保存时定版）', disabled: !snapshot && !typeForm.data },
          ]}
        />
      </Form.Item>
      <div className="plan-form-preview" style={{ marginTop: -12, marginBottom: 16 }}>
        {preview ? (
          <Alert
            type="info"
            showIcon
            title={`${formSource === 'snapshot' ? `方案表单${plan?.formSource === 'snapshot' ? `（当前第${plan.formVersion}版）` : ''}` : '异动表单'}：${preview.widgetList.map((w) => w.label + (w.options.required ? '（必填）' : '')).join('、')}`}
            action={
              formSource === 'snapshot' && typeForm.data && snapshot ? (
                <Button size="small" onClick={() => setSnapshot({ formConfig: typeForm.data!.formConfig, widgetList: typeForm.data!.widgetList })}>
                  按异动表单更新
                </Button>
              ) : undefined
            }
          />
        ) : (
          <span style={MUTED}>该类异动未设置异动表单，办理时不填写补充字段（可在下方「异动表单」中设置）。</span>
        )}
      </div>
      <Form.Item name="remark" label="说明">
        <Input.TextArea maxLength={200} rows={2} showCount />
      </Form.Item>
    </FormDrawer>
  );
}
