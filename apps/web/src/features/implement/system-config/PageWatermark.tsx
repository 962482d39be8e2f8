import { Watermark } from 'antd';
import { usePageWatermark } from './system-config.api.ts';

/** The company's page watermark (系统配置 · 页面水印) over every signed-in page: the member's name, phone tail and date. */
export function PageWatermark() {
  const wm = usePageWatermark().data;
  if (!wm?.enabled || wm.lines.length === 0) return null;
  return (
    <Watermark
      className="page-watermark"
      content={wm.lines}
      gap={[120, 120]}
      font={{ color: 'rgba(0,0,0,0.08)', fontSize: 15 }}
      zIndex={1000}
      style={{ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 1000 }}
    />
  );
}
