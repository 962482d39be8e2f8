import type { PlanTemplateRow } from '@wfsaas/contracts';
import { Button, Empty, Flex, Space, Table, Tag, type TableColumnsType } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { usePackageOptions } from '../econtracts/econtracts.api.ts';
import { usePlanTemplates } from './os.api.ts';
import { PLAN_PATH, planTemplateDetailPath } from './os-format.ts';

/** /forQtOutsource/contractTemplatesList/:packageId (外包合同模板列表): the templates of a plan's contract package. */
export default function PlanTemplatesPage() {
  const { packageId: raw } = useParams();
  const packageId = Number(raw);
  const valid = Number.isInteger(packageId) && packageId > 0;
  const navigate = useNavigate();
  const templates = usePlanTemplates(valid ? packageId : null);
  const packages = usePackageOptions();
  const packageName = packages.data?.find((p) => p.id === packageId)?.name;

  const columns: TableColumnsType<PlanTemplateRow> = [
    { title: '模板名称', dataIndex: 'name', width: 220, ellipsis: true, render: (v: string, r) => <Link to={planTemplateDetailPath(r.id)}>{v}</Link> },
    { title: '合同类型', dataIndex: 'contractTypeName', width: 140, render: (v: string | null) => v ?? '未分类' },
    { title: '签署方', dataIndex: 'signerCount', width: 90, align: 'right', render: (v: number) => `${v} 方` },
    { title: '字段数', dataIndex: 'fieldCount', width: 90, align: 'right' },
    {
      title: '使用方案',
      dataIndex: 'plans',
      width: 260,
      render: (v: string[]) =>
        v.length ? (
          <Space size={[4, 4]} wrap>
            {v.map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: formatDateTime },
    { title: '操作', key: 'actions', width: 80, fixed: 'right', render: (_: unknown, r) => <Link to={planTemplateDetailPath(r.id)}>查看</Link> },
  ];

  return (
    <Flex vertical gap={16} className="plan-templates-page">
      <PageHeader
        title={packageName ? `外包合同模板 · ${packageName}` : '外包合同模板列表'}
        description="方案的合同包在入职时发起签署；以下是包内的合同模板及其填写字段。"
        extra={<Button onClick={() => void navigate(PLAN_PATH)}>返回方案管理</Button>}
      />
      <Panel>
        <Table<PlanTemplateRow>
          rowKey="id"
          size="middle"
          className="plan-template-table"
          scroll={{ x: 1030 }}
          loading={templates.isFetching}
          dataSource={templates.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={valid ? '该合同包暂无模板，请在电子合同的合同包管理中添加' : '合同包不存在，请从方案管理进入'} /> }}
        />
      </Panel>
    </Flex>
  );
}
