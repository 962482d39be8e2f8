import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** The title bar of a screen: title and one line of explanation left, primary actions right, tabs below. */
export function PageHeader({ title, description, extra, footer }: { title: ReactNode; description?: ReactNode; extra?: ReactNode; footer?: ReactNode }) {
  return (
    <div className="page-header" style={{ background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0', padding: footer ? '16px 24px 0' : '16px 24px' }}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <div style={{ minWidth: 0 }}>
          <h1 style={{ margin: 0, fontSize: 20, lineHeight: '28px', fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{title}</h1>
          {description && <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 4 }}>{description}</div>}
        </div>
        {extra && (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        )}
      </Flex>
      {footer && <div style={{ marginTop: 4 }}>{footer}</div>}
    </div>
  );
}
