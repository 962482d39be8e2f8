import { CheckCircleFilled, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { DepartmentImportError, DepartmentImportResult } from '@wfsaas/contracts';
import { DEPARTMENT_IMPORT_MAX_ROWS } from '@wfsaas/contracts';
import { Alert, Button, Flex, Modal, Result, Spin, Steps, Table, Upload } from 'antd';
import { useState } from 'react';
import { useAction } from '../../app/ui/use-action.ts';
import { downloadDepartmentTemplate, importDepartmentTemplate, useInvalidateOrg } from './org.api.ts';

type Phase = { step: 0 | 1 } | { step: 2; result: DepartmentImportResult; fileName: string } | { step: 3; result: DepartmentImportResult };

/**
 * 导入部门 (an import wizard): 下载模板 → 上传文件 → 数据校验 → 导入完成. The server checks every
 * row first; with any error nothing is imported and the errors are listed by row.
 */
export function ImportDepartmentsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ step: 0 });
  const invalidate = useInvalidateOrg();

  const close = () => {
    setPhase({ step: 0 });
    onClose();
  };

  const download = useAction(downloadDepartmentTemplate, { onSuccess: () => setPhase({ step: 1 }) });
  const upload = useAction((file: File) => importDepartmentTemplate(file), {
    onSuccess: async (result, file) => {
      if (result.errors.length > 0) setPhase({ step: 2, result, fileName: file.name });
      else {
        setPhase({ step: 3, result });
        await invalidate();
      }
    },
  });

  const uploader = (
    <Spin spinning={upload.pending} description="正在校验并导入…">
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload.run(file);
          return false;
        }}
        className="department-import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或将填写好的模板拖到此处上传</p>
        <p className="ant-upload-hint">仅支持 .xlsx 文件，一次最多 {DEPARTMENT_IMPORT_MAX_ROWS} 个部门</p>
      </Upload.Dragger>
    </Spin>
  );

  let body = null;
  if (phase.step === 0 || phase.step === 1) {
    body = (
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          title="填写说明"
          description="每行一个部门：部门名称必填；上级部门编码留空为一级部门，可引用同一文件中其他行或现有部门的编码；负责人工号、编制人数选填。模板中附有现有部门供参考。"
        />
        <Button icon={<DownloadOutlined />} onClick={() => void download.run()} loading={download.pending} style={{ alignSelf: 'flex-start' }}>
          下载部门导入模板
        </Button>
        {uploader}
      </Flex>
    );
  } else if (phase.step === 2) {
    body = (
      <Flex vertical gap={12}>
        <Alert type="error" showIcon title={`「${phase.fileName}」共 ${phase.result.total} 行，其中 ${phase.result.errors.length} 行有错误，未导入任何部门。请修改后重新上传。`} />
        <Table<DepartmentImportError>
          rowKey="row"
          size="small"
          className="import-errors"
          pagination={phase.result.errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
          dataSource={phase.result.errors}
          columns={[
            { title: '行号', dataIndex: 'row', width: 72, render: (r: number) => `第${r}行` },
            { title: '错误原因', dataIndex: 'message' },
          ]}
        />
        {uploader}
      </Flex>
    );
  } else if (phase.step === 3) {
    body = <Result icon={<CheckCircleFilled style={{ color: '#52c41a' }} />} status="success" title="导入完成" subTitle={`已导入 ${phase.result.created} 个部门`} />;
  }

  return (
    <Modal
      title="导入部门"
      open={open}
      onCancel={close}
      width={720}
      destroyOnHidden
      footer={
        phase.step === 3 ? (
          <Button type="primary" onClick={close}>
            完成
          </Button>
        ) : (
          <Button onClick={close}>取消</Button>
        )
      }
    >
      <Steps
        size="small"
        style={{ margin: '8px 0 24px' }}
        current={phase.step}
        status={phase.step === 2 ? 'error' : undefined}
        items={[{ title: '下载模板' }, { title: '上传文件' }, { title: '数据校验' }, { title: '导入完成' }]}
      />
      {body}
    </Modal>
  );
}
