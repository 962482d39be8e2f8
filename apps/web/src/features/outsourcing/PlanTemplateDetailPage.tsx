import type { PlanTemplateDetail } from '@wfsaas/contracts';
import { Button, Descriptions, Empty, Flex, Result, Space, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../app/api/instance.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { usePlanTemplateDetail } from './os.api.ts';
import { PLAN_PATH } from './os-format.ts';

type Field = PlanTemplateDetail['fields'][number];

/** Opens the template's file through a one-time download link. */
async function openPreview(fileId: string): Promise<void> {
  const link = await api.tempTokenUrl(`/wfsaas-file/api/file/download/${encodeURIComponent(fileId)}`);
  window.open(link, '_blank', 'noopener');
}

/** /forQtOutsource/contractTemplatesdetal/:templateId (外包合同模板详情): a template of a plan's package and the fields it fills. */
export default function PlanTemplateDetailPage() {
  const { templateId: raw } = useParams();
  const templateId = Number(raw);
  const navigate = useNavigate();
  const detail = usePlanTemplateDetail(Number.isInteger(templateId) && templateId > 0 ? templateId : null);
  const preview = useAction(openPreview);
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const t = detail.data;
  if (!t)
    return (
      <Result
        status="404"
        title="合同模板不存在"
        subTitle="该模板可能已被删除，或不属于当前公司。"
        extra={
          <Button type="primary" onClick={() => void navigate(PLAN_PATH)}>
            返回方案管理
          </Button>
        }
      />
    );
  const columns: TableColumnsType<Field> = [
    { title: '序号', key: 'index', width: 70, render: (_: unknown, __: Field, i: number) => i + 1 },
    { title: '字段名称', dataIndex: 'label', width: 200 },
    { title: '字段标识', dataIndex: 'key', width: 200, render: (v: string) => <code>{v}</code> },
    { title: '取值来源', dataIndex: 'source', width: 220, render: (v: string) => v || '签署时填写' },
  ];
  return (
    <Flex vertical gap={16} className="plan-template-detail-page">
      <PageHeader
        title={t.name}
        description="入职发起签署时，以下字段由员工档案和派驻信息自动填入。"
        extra={
          <>
            {t.previewFileId && (
              <Button className="template-preview" loading={preview.pending} onClick={() => void preview.run(t.previewFileId!)}>
                预览模板文件
              </Button>
            )}
            <Button onClick={() => void navigate(-1)}>返回</Button>
          </>
        }
      />
      <Panel>
        <Descriptions column={3} size="small">
          <Descriptions.Item label="所属合同包">
            {t.packageNames.length ? (
              <Space size={[4, 4]} wrap>
                {t.packageNames.map((n) => (
                  <Tag key={n}>{n}</Tag>
                ))}
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label="页数">{t.pageCount ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="字段数">{t.fields.length}</Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel title="填写字段">
        <Table<Field>
          rowKey="key"
          size="middle"
          className="template-field-table"
          dataSource={t.fields}
          columns={columns}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该模板没有填写字段，签署时按模板原文签署" /> }}
        />
      </Panel>
    </Flex>
  );
}
