import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../app/ui/use-action.ts';
import { useInvalidateDownloads } from '../downloads/downloads.api.ts';
import type { ExportView } from '../downloads/downloads.ts';

/**
 * Queues a payroll file (bank file, declaration, payroll sheet) in 下载中心 and says so with a
 * notification linking there, so no button waits for the file. `pending` names the export
 * whose request is running — a button shows loading only for that moment, not while the file is made.
 */
export function usePayrollExport() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const invalidateDownloads = useInvalidateDownloads();
  const [key, setKey] = useState<string | null>(null);
  const queue = useAction((request: () => Promise<ExportView>) => request(), {
    onSuccess: (queued) => {
      void invalidateDownloads();
      const noticeKey = `payroll-export-${queued.id}`;
      notification.success({
        key: noticeKey,
        className: 'payroll-export-queued',
        title: '已加入下载中心',
        description: (
          <span>
            「{queued.fileName}」正在后台生成，完成后可在
            <a
              className="go-download-center"
              style={{ marginInline: 4 }}
              onClick={() => {
                notification.destroy(noticeKey);
                void navigate('/downloadCenter');
              }}
            >
              下载中心
            </a>
            下载，文件保留 7 天。
          </span>
        ),
        duration: 8,
      });
    },
  });

  const start = async (pendingKey: string, request: () => Promise<ExportView>): Promise<void> => {
    setKey(pendingKey);
    await queue.run(request);
  };

  return { pending: queue.pending ? key : null, start };
}
