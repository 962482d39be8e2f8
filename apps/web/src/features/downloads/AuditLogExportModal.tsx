import { DatePicker, Form, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { downloadCalls } from './downloads.api.ts';
import { auditLogExportBody } from './downloads.ts';

type RangeValue = [Dayjs | null, Dayjs | null] | null;

/** 导出操作日志: the company's audit log as an xlsx (systemConfig), optionally within dates. */
export default function AuditLogExportModal({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: () => void }) {
  const [form] = Form.useForm<{ range: RangeValue }>();
  const [pending, setPending] = useState(false);
  const submit = async (v: { range: RangeValue }) => {
    setPending(true);
    try {
      await downloadCalls.exportAuditLog(auditLogExportBody(v.range));
      toastSuccess('操作成功，文件生成后可在列表中下载');
      onStarted();
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal title="导出操作日志" open={open} onCancel={onClose} okText="开始导出" cancelText="取消" confirmLoading={pending} onOk={() => form.submit()} destroyOnHidden className="audit-export-modal">
      <Form form={form} name="auditLogExport" layout="vertical" preserve={false} onFinish={(v) => void submit(v)} style={{ paddingTop: 8 }}>
        <Form.Item name="range" label="操作日期" extra="不选择日期则导出全部操作日志。导出在后台进行，完成后可在下载中心下载，文件保留 7 天。">
          <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} disabledDate={(d) => d.isAfter(new Date(), 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

