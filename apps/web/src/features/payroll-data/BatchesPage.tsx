import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { matchKeyLabel } from '@wfsaas/contracts';
import { Button, Descriptions, Flex, Result, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { BatchList } from './BatchList.tsx';
import { kindDef } from './data-format.ts';
import { ColumnTags } from './ColumnTags.tsx';
import { dataCalls, useDataTable } from './payroll-data.api.ts';
import { UploadModal } from './UploadModal.tsx';
import { ReadGate } from './ReadGate.tsx';

/** /fzsxapp/importTableDataBatch/:id (导入表数据批次; :id is the table): the table's monthly batches, upload and template. */
export default function BatchesPage() {
  return (
    <ReadGate permission={kindDef('import').route}>
      <BatchesPageScreen />
    </ReadGate>
  );
}

function BatchesPageScreen() {
  const { id } = useParams();
  const tableId = Number(id);
  const valid = Number.isInteger(tableId) && tableId > 0;
  const table = useDataTable('import', valid ? tableId : null);
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[kindDef('import').edit] === true;
  const [uploading, setUploading] = useState(false);
  const template = useAction(dataCalls.downloadTemplate);

  if (valid && table.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const t = table.data;
  if (!valid || !t)
    return (
      <Result
        status="404"
        title="数据表不存在"
        subTitle="该数据表可能已被删除或归档，或不属于当前公司。"
        extra={
          <Button type="primary" onClick={() => navigate('/fzsxapp/importTableData')}>
            返回导入表数据
          </Button>
        }
      />
    );

  return (
    <Flex vertical gap={16} className="batches-page">
      <PageHeader
        title={`${t.name} · 数据批次`}
        description={<Link to="/fzsxapp/importTableData">返回导入表数据</Link>}
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={template.pending}
              onClick={() => void template.run('import', t)}
            >
              下载模板
            </Button>
            {canEdit && (
              <Button type="primary" icon={<UploadOutlined />} className="batches-upload" onClick={() => setUploading(true)}>
                上传数据
              </Button>
            )}
          </>
        }
      />
      <Panel bodyStyle={{ padding: '16px 24px' }}>
        <Descriptions size="small" column={4} className="table-descriptions">
          <Descriptions.Item label="数据类别">{t.category}</Descriptions.Item>
          <Descriptions.Item label="匹配方式">{matchKeyLabel(t.matchKey)}</Descriptions.Item>
          <Descriptions.Item label="有效批次">{t.batchCount}</Descriptions.Item>
          <Descriptions.Item label="最近月份">{t.latestMonth ?? EMPTY_TEXT}</Descriptions.Item>
          <Descriptions.Item label="数据列" span={3}>
            <ColumnTags table={t} max={12} />
          </Descriptions.Item>
          <Descriptions.Item label="更新时间">{formatDateTime(t.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Panel>
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <BatchList
          kind="import"
          tableId={t.id}
          emptyAction={
            canEdit && (
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                上传数据
              </Button>
            )
          }
        />
      </Panel>
      <UploadModal table={t} open={uploading} onClose={() => setUploading(false)} />
    </Flex>
  );
}
