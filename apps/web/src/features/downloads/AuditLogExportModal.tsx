import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { downloadCalls } from './downloads.api.ts';
import { auditLogExportBody } from './downloads.ts';

type RangeValue = [Dayjs | null, Dayjs | null] | null;

/** 导出操作日志: the company's audit log as an xlsx (systemConfig), optionally within dates. */
export default function AuditLogExportModal({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: () => void }) {
  const start = useAction((v: { range: RangeValue }) => downloadCalls.exportAuditLog(auditLogExportBody(v.range)), {
    success: '操作成功，文件生成后可在列表中下载',
    onSuccess: () => {
      onStarted();
      onClose();
    },
  });
  return (
    <FormModal<{ range: RangeValue }> title="导出操作日志" open={open} onClose={onClose} okText="开始导出" onSubmit={start.run} className="audit-export-modal" formProps={{ name: 'auditLogExport', style: { paddingTop: 8 } }}>
      <Form.Item name="range" label="操作日期" extra="不选择日期则导出全部操作日志。导出在后台进行，完成后可在下载中心下载，文件保留 7 天。">
        <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} disabledDate={(d) => d.isAfter(new Date(), 'day')} />
      </Form.Item>
    </FormModal>
  );
}
