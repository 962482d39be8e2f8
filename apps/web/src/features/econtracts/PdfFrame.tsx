import { Empty, Flex, Spin } from 'antd';
import { usePdfUrl } from './econtracts.api.ts';

/**
 * A PDF the API answers, shown in the browser's own PDF viewer (fetched with the session's headers,
 * then shown from an object URL). `version` re-reads it after a change.
 */
export function PdfFrame({ path, body, height = 720, title, version, className }: { path: string; body: Record<string, unknown> | null; height?: number | string; title: string; version?: unknown; className?: string }) {
  const pdf = usePdfUrl(path, body, version);
  if (pdf.isLoading) {
    return (
      <Flex justify="center" align="center" style={{ height: 240 }}>
        <Spin />
      </Flex>
    );
  }
  if (!pdf.url) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="文档暂时无法显示" />;
  return <iframe title={title} src={`${pdf.url}#toolbar=1&navpanes=0&view=FitH`} className={className ?? 'pdf-frame'} style={{ width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 8, background: '#fafafa' }} />;
}
