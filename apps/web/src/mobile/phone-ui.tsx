import { Flex, Spin } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** What the employees' phone pages share : one column for a narrow screen, large touch targets, the company on top. */

export const CARD: CSSProperties = { background: '#fff', borderRadius: 12, padding: 20 };
export const INPUT: CSSProperties = { height: 48, fontSize: 16 };
export const BIG: CSSProperties = { height: 48, fontSize: 17 };
const PAGE: CSSProperties = { minHeight: '100vh', background: '#f5f7fa', display: 'flex', justifyContent: 'center' };
const COLUMN: CSSProperties = { width: '100%', maxWidth: 480, padding: '0 16px 24px', boxSizing: 'border-box' };

/** The page: the company's initial and name on top (`fallback` until it is known), then one column. */
export function PhoneFrame({ className, company, fallback, children }: { className: string; company: string; fallback: string; children: ReactNode }) {
  return (
    <div style={PAGE} className={className}>
      <div style={COLUMN}>
        <header style={{ padding: '20px 4px 16px', display: 'flex', alignItems: 'center', gap: 10 }} className="phone-company">
          <div aria-hidden style={{ width: 36, height: 36, borderRadius: 8, background: '#1677ff', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 700, fontSize: 18 }}>
            {company.slice(0, 1) || fallback.slice(0, 1)}
          </div>
          <div style={{ fontSize: 17, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{company || fallback}</div>
        </header>
        {children}
      </div>
    </div>
  );
}

export function PhoneLoading() {
  return (
    <Flex justify="center" style={{ padding: 80 }}>
      <Spin size="large" />
    </Flex>
  );
}
