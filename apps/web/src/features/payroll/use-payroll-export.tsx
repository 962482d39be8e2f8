import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidateDownloads } from '../downloads/downloads.api.ts';
import type { ExportView } from '../downloads/downloads.ts';

/**
 * Queues a payroll file (bank file, declaration, payroll sheet) in 下载中心 and says so with a
 * notification linking there (UI.md: long work never freezes a button). `pending` names the export
 * whose request is running — a button shows loading only for that moment, not while the file is made.
 */
export function usePayrollExport() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const invalidateDownloads = useInvalidateDownloads();
  const [pending, setPending] = useState<string | null>(null);

  const start = async (key: string, request: () => Promise<ExportView>): Promise<void> => {
    setPending(key);
    try {
      const queued = await request();
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
    } catch {
      /* shown by the request client */
    } finally {
      setPending(null);
    }
  };

  return { pending, start };
}
