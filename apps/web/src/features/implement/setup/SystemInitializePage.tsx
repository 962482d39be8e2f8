import { CheckCircleFilled, ClockCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { ROUTES, SETUP_EDIT, type SetupHandoverInput, type SetupStepView } from '@wfsaas/contracts';
import { App, Button, DatePicker, Empty, Flex, Form, Input, List, Progress, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCanOpen, usePermissions } from '../../../app/routing/PermissionContext.ts';
import { formatDate, formatDateTime } from '../../../app/ui/format.ts';
import { FormDrawer } from '../../../app/ui/FormOverlay.tsx';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { setupCalls, useHandovers, useInvalidateSetup, useSetupStatus } from './setup.api.ts';

const pathOf = (name: string) => ROUTES.find((r) => r.name === name)?.path ?? null;
const ICON = { done: <CheckCircleFilled style={{ color: '#52c41a', fontSize: 20 }} />, skipped: <MinusCircleOutlined style={{ color: '#8c8c8c', fontSize: 20 }} />, todo: <ClockCircleOutlined style={{ color: '#1677ff', fontSize: 20 }} /> };
const TAG = { done: ['success', '已完成'], skipped: ['default', '无需配置'], todo: ['processing', '待配置'] } as const;

type HandoverForm = { handoverDate: dayjs.Dayjs; receiver: string; note?: string };

/** /implement/systemInitialize (系统初始化): the set-up checklist of the company, 无需配置 marks and hand-overs. */
export default function SystemInitializePage() {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[SETUP_EDIT] === true;
  const canOpen = useCanOpen();
  const status = useSetupStatus();
  const handovers = useHandovers();
  const invalidate = useInvalidateSetup();
  const [handing, setHanding] = useState(false);
  const skip = useAction((s: SetupStepView) => setupCalls.skip(s.key), { success: '已标记为无需配置', invalidate });
  const unskip = useAction((s: SetupStepView) => setupCalls.unskip(s.key), { success: '已撤销', invalidate });
  const handover = useAction((v: SetupHandoverInput) => setupCalls.handover(v), { success: '交付已记录', invalidate, onSuccess: () => setHanding(false) });
  const data = status.data;

  const renderStep = (s: SetupStepView, i: number) => {
    const path = pathOf(s.route);
    const [tone, label] = TAG[s.state];
    return (
      <List.Item
        className={`setup-step setup-step-${s.key}`}
        data-state={s.state}
        actions={[
          path && canOpen(s.route) ? (
            <Link key="go" to={path} className="setup-go">
              {s.state === 'done' ? '查看' : '去配置'}
            </Link>
          ) : null,
          canEdit && s.state === 'todo' ? (
            <Button key="skip" type="link" size="small" className="setup-skip" onClick={() => modal.confirm({ title: `将「${s.title}」标记为无需配置？`, content: '标记后这一步计入完成进度，可随时撤销。', okText: '确定', cancelText: '取消', onOk: () => skip.run(s) })}>
              无需配置
            </Button>
          ) : null,
          canEdit && s.state === 'skipped' ? (
            <Button key="unskip" type="link" size="small" className="setup-unskip" onClick={() => void unskip.run(s)}>
              撤销
            </Button>
          ) : null,
        ].filter(Boolean)}
      >
        <List.Item.Meta
          avatar={ICON[s.state]}
          title={
            <Space size={8}>
              <span>
                {i + 1}. {s.title}
              </span>
              <StatusTag tone={tone}>{label}</StatusTag>
            </Space>
          }
          description={
            <Flex vertical gap={2}>
              <Typography.Text type="secondary">完成条件：{s.rule}</Typography.Text>
              {s.counts.length > 0 && <Typography.Text className="setup-counts">{s.counts.map((c) => `${c.label} ${c.value}`).join('　')}</Typography.Text>}
              {s.skip && (
                <Typography.Text type="secondary">
                  {s.skip.byName || '—'} 于 {formatDateTime(s.skip.at)} 标记为无需配置
                </Typography.Text>
              )}
            </Flex>
          }
        />
      </List.Item>
    );
  };

  const columns: TableColumnsType<NonNullable<typeof handovers.data>[number]> = [
    { title: '交付日期', dataIndex: 'handoverDate', key: 'handoverDate', width: 120, render: (v: string) => formatDate(v) },
    { title: '接收人', dataIndex: 'receiver', key: 'receiver', width: 120 },
    { title: '交付时进度', key: 'progress', width: 150, render: (_: unknown, r) => `${r.progress}%（${r.finished}/${r.total}）` },
    { title: '交付说明', dataIndex: 'note', key: 'note', ellipsis: true, render: (v: string) => v || '—' },
    { title: '实施人员', dataIndex: 'createdByName', key: 'createdByName', width: 120 },
    { title: '记录时间', dataIndex: 'createdAt', key: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
  ];

  return (
    <div className="system-initialize">
      <PageHeader
        title="系统初始化"
        description="按顺序完成新企业的基础配置：完成情况由企业的实际数据判定，不需要的步骤可标记为无需配置；全部就绪后交付给企业。"
        extra={
          canEdit && (
            <Button type="primary" className="setup-handover" onClick={() => setHanding(true)}>
              交付
            </Button>
          )
        }
      />
      <Flex gap={16} align="flex-start" wrap>
        <div style={{ flex: 1, minWidth: 520 }}>
          <Panel title="初始化清单" className="setup-checklist" bodyStyle={{ paddingTop: 0 }}>
            <List loading={status.isLoading} dataSource={data?.steps ?? []} renderItem={renderStep} locale={{ emptyText: <Empty description="暂无初始化步骤" /> }} />
          </Panel>
        </div>
        <Flex vertical gap={16} style={{ width: 300 }}>
          <Panel title="完成进度">
            <Flex vertical align="center" gap={8}>
              <Progress type="circle" percent={data?.progress ?? 0} className="setup-progress" format={(p) => <span className="setup-percent">{p}%</span>} />
              <Typography.Text>
                已完成 {data?.finished ?? 0} / {data?.total ?? 0} 步（含无需配置）
              </Typography.Text>
              {data?.lastHandover && (
                <Typography.Text type="secondary">
                  最近交付：{formatDate(data.lastHandover.handoverDate)}，接收人 {data.lastHandover.receiver}
                </Typography.Text>
              )}
            </Flex>
          </Panel>
        </Flex>
      </Flex>
      <Panel title="交付记录" className="setup-handovers" bodyStyle={{ paddingTop: 0 }}>
        <Table rowKey="id" size="middle" columns={columns} dataSource={handovers.data ?? []} loading={handovers.isLoading} pagination={false} locale={{ emptyText: <Empty description="暂无交付记录，配置就绪后点击右上角交付" /> }} />
      </Panel>
      <FormDrawer<HandoverForm>
        title="交付"
        open={handing}
        onClose={() => setHanding(false)}
        values={{ handoverDate: dayjs() }}
        okText="确认交付"
        okClassName="setup-handover-ok"
        intro={<Typography.Paragraph type="secondary">记录交付日期、接收人与说明，并保存当前的完成进度（{data?.progress ?? 0}%）。</Typography.Paragraph>}
        onSubmit={(v) => handover.run({ handoverDate: v.handoverDate.format('YYYY-MM-DD'), receiver: v.receiver, note: v.note ?? '' })}
      >
        <Form.Item name="handoverDate" label="交付日期" rules={[{ required: true, message: '请选择交付日期' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="receiver" label="接收人" rules={[{ required: true, whitespace: true, message: '请填写接收人' }, { max: 50, message: '接收人最多50个字' }]}>
          <Input placeholder="企业的对接人，如 人事经理 周敏" id="setup-receiver" />
        </Form.Item>
        <Form.Item name="note" label="交付说明" rules={[{ max: 500, message: '交付说明最多500个字' }]}>
          <Input.TextArea rows={4} placeholder="培训情况、遗留事项等" id="setup-note" />
        </Form.Item>
      </FormDrawer>
    </div>
  );
}
