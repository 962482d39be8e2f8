import type { PayslipGroupView } from '@wfsaas/contracts';
import { formatMoney } from '../../app/ui/format.ts';
import { isAmount } from './payslip-format.ts';

/**
 * One payslip as its employee reads it: groups one under another (基本信息, 应发项目, 扣除项目,
 * 实发工资, 其他), amounts as ¥12,345.67, the net pay in bold. The phone page, the import preview and
 * the admin's 查看 drawer all use it, so HR sees exactly what the employee sees.
 */
export function PayslipSheet({ title, month, name, groups, netPay, note }: { title: string; month: string; name?: string; groups: readonly PayslipGroupView[]; netPay?: string | null; note?: string }) {
  const money = (group: string, v: string) => (group !== 'info' && group !== 'other' && isAmount(v) ? formatMoney(v) : v || '—');
  return (
    <div className="payslip-sheet" style={{ background: '#fff', borderRadius: 12, overflow: 'hidden', border: '1px solid #f0f0f0' }}>
      <div style={{ padding: '20px 16px 16px', background: 'linear-gradient(135deg, #1677ff, #4096ff)', color: '#fff' }}>
        <div style={{ fontSize: 14, opacity: 0.9 }}>
          {month}
          {name ? ` · ${name}` : ''}
        </div>
        <div style={{ fontSize: 18, fontWeight: 600, marginTop: 4 }}>{title}</div>
        {netPay != null && (
          <div style={{ marginTop: 12 }}>
            <div style={{ fontSize: 13, opacity: 0.9 }}>实发工资</div>
            <div className="payslip-net" style={{ fontSize: 30, fontWeight: 700, lineHeight: '40px' }}>
              {isAmount(netPay) ? formatMoney(netPay) : netPay}
            </div>
          </div>
        )}
      </div>
      {groups.map((g) => (
        <section key={g.group} className={`payslip-group payslip-group-${g.group}`} style={{ padding: '12px 16px', borderTop: '8px solid #f5f7fa' }}>
          <h3 style={{ margin: '0 0 8px', fontSize: 15, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{g.label}</h3>
          {g.items.map((it, i) => (
            <div key={`${it.label}-${i}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 12, padding: '8px 0', fontSize: 15, borderBottom: i < g.items.length - 1 ? '1px solid #f5f5f5' : undefined }}>
              <span style={{ color: 'rgba(0,0,0,0.55)' }}>{it.label}</span>
              <span style={{ textAlign: 'right', fontWeight: g.group === 'net' ? 700 : 400, fontVariantNumeric: 'tabular-nums', color: g.group === 'deduction' ? '#cf1322' : 'rgba(0,0,0,0.88)' }}>{money(g.group, it.value)}</span>
            </div>
          ))}
        </section>
      ))}
      {groups.length === 0 && <div style={{ padding: 24, textAlign: 'center', color: 'rgba(0,0,0,0.45)' }}>暂无可显示的工资项目</div>}
      {note && (
        <section className="payslip-note" style={{ padding: '12px 16px', borderTop: '8px solid #f5f7fa', color: 'rgba(0,0,0,0.65)', fontSize: 14, whiteSpace: 'pre-wrap' }}>
          <div style={{ fontWeight: 600, marginBottom: 4, color: 'rgba(0,0,0,0.88)' }}>备注</div>
          {note}
        </section>
      )}
    </div>
  );
}
