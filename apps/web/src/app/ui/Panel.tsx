import type { CSSProperties, ReactNode } from 'react';

/**
 * A white content panel with an optional title bar — the look of an antd Card without its tab
 * machinery, for screens on the first-load path (/home) where every kilobyte counts.
 */
export function Panel({ title, extra, children, bodyStyle, className }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; bodyStyle?: CSSProperties; className?: string }) {
  return (
    <section className={className} style={{ background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0' }}>
      {title !== undefined && (
        <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 56, padding: '0 24px', borderBottom: '1px solid #f0f0f0' }}>
          <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{title}</h2>
          {extra}
        </header>
      )}
      <div style={{ padding: 24, ...bodyStyle }}>{children}</div>
    </section>
  );
}
