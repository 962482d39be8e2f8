import { PrinterOutlined, UserOutlined } from '@ant-design/icons';
import type { EmployeeListItem } from '@wfsaas/contracts';
import { Button, Checkbox, Col, Empty, Flex, Form, Input, Radio, Row, Space } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useCompanies } from '../../app/session/queries.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { BADGE_COLORS, BADGE_FIELDS, badgeQrText, badgeSizeMm, badgeStorageKey, parseBadgeLayout, type BadgeField, type BadgeLayout } from './badge.ts';
import { employeeCalls, useEmployeeDetail } from './employees.api.ts';
import { EmployeePicker } from './pickers.tsx';
import { departmentLabel } from './roster.ts';

/** Only the badge sheet is printed (打印 / 导出PDF through the browser's print dialog). */
const PRINT_CSS = `
@media print {
  @page { margin: 10mm; }
  body * { visibility: hidden !important; }
  .badge-sheet, .badge-sheet * { visibility: visible !important; }
  .badge-sheet { position: absolute; left: 0; top: 0; width: 100%; padding: 0 !important; border: 0 !important; }
  .badge-card { break-inside: avoid; box-shadow: none !important; }
}`;

function useQr(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!text) {
      setUrl(null);
      return;
    }
    QRCode.toDataURL(text, { margin: 1, width: 160, errorCorrectionLevel: 'M' })
      .then((u) => live && setUrl(u))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

function usePhoto(fileId: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!fileId) {
      setUrl(null);
      return;
    }
    employeeCalls
      .fileUrl(fileId)
      .then((u) => live && setUrl(u))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fileId]);
  return url;
}

function BadgeCard({ employee, layout, companyName }: { employee: EmployeeListItem; layout: BadgeLayout; companyName: string }) {
  const detail = useEmployeeDetail(layout.fields.includes('photo') ? employee.id : null);
  const photo = usePhoto(detail.data?.photoFileId);
  const qr = useQr(layout.fields.includes('qrcode') ? badgeQrText(employee.employeeNo) : null);
  const size = badgeSizeMm(layout.orientation);
  const show = (f: BadgeField) => layout.fields.includes(f);
  const portrait = layout.orientation === 'portrait';
  const photoBox = show('photo') && (
    <div style={{ width: '22mm', height: '28mm', background: '#f0f0f0', borderRadius: 4, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', flex: 'none' }}>
      {photo ? <img src={photo} alt={employee.name} style={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <UserOutlined style={{ fontSize: 36, color: '#bfbfbf' }} />}
    </div>
  );
  const text = (
    <div style={{ textAlign: portrait ? 'center' : 'left', minWidth: 0 }}>
      {show('name') && <div style={{ fontSize: '5mm', fontWeight: 600, lineHeight: 1.3 }}>{employee.name}</div>}
      {show('department') && <div style={{ fontSize: '3mm', color: '#595959' }}>{departmentLabel(employee)}</div>}
      {show('position') && employee.positionName && <div style={{ fontSize: '3mm', color: '#595959' }}>{employee.positionName}</div>}
      {show('employeeNo') && <div style={{ fontSize: '3mm', color: '#595959' }}>工号：{employee.employeeNo ?? '—'}</div>}
    </div>
  );
  return (
    <div
      className="badge-card"
      data-employee={employee.id}
      style={{ width: `${size.width}mm`, height: `${size.height}mm`, border: '1px solid #d9d9d9', borderRadius: '3mm', overflow: 'hidden', background: '#fff', display: 'flex', flexDirection: 'column', boxShadow: '0 1px 4px rgba(0,0,0,0.08)' }}
    >
      <div style={{ background: layout.color, color: '#fff', fontSize: '3.2mm', fontWeight: 600, padding: '2mm 3mm', textAlign: 'center', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', WebkitPrintColorAdjust: 'exact', printColorAdjust: 'exact' }}>
        {layout.title || companyName}
      </div>
      <div style={{ flex: 1, display: 'flex', flexDirection: portrait ? 'column' : 'row', alignItems: 'center', justifyContent: 'center', gap: '2.5mm', padding: '2mm 3mm' }}>
        {photoBox}
        {text}
        {show('qrcode') && qr && <img src={qr} alt="工号二维码" className="badge-qr" style={{ width: portrait ? '16mm' : '18mm', height: portrait ? '16mm' : '18mm', marginLeft: portrait ? 0 : 'auto' }} />}
      </div>
    </div>
  );
}

/** /employee/employeeBrand (工牌设置): a badge layout, employees from the roster, preview and print to PDF. */
export default function EmployeeBrandPage() {
  const { companyId } = useSession();
  const companies = useCompanies();
  const companyName = companies.data?.find((c) => c.companyId === companyId)?.companyName ?? '';
  const key = badgeStorageKey(companyId);
  const [layout, setLayout] = useState<BadgeLayout>(() => parseBadgeLayout(window.localStorage.getItem(key)));
  const [ids, setIds] = useState<number[]>([]);
  const [picked, setPicked] = useState<Map<number, EmployeeListItem>>(new Map());
  const update = (patch: Partial<BadgeLayout>) =>
    setLayout((l) => {
      const next = { ...l, ...patch };
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* kept for this page only */
      }
      return next;
    });
  const employees = ids.map((i) => picked.get(i)).filter((e): e is EmployeeListItem => !!e);

  return (
    <Flex vertical gap={16} className="employee-brand">
      <style>{PRINT_CSS}</style>
      <PageHeader
        title="工牌设置"
        description="选择工牌版式和员工，预览后打印或在打印对话框中选择「另存为 PDF」。"
        extra={
          <Button type="primary" icon={<PrinterOutlined />} disabled={employees.length === 0} onClick={() => window.print()} className="print-badges">
            打印 / 导出PDF
          </Button>
        }
      />
      <Row gutter={16}>
        <Col span={8}>
          <Panel title="工牌版式">
            <Form layout="vertical" className="badge-layout-form">
              <Form.Item label="方向">
                <Radio.Group
                  value={layout.orientation}
                  onChange={(e) => update({ orientation: e.target.value as BadgeLayout['orientation'] })}
                  options={[
                    { value: 'portrait', label: '竖版' },
                    { value: 'landscape', label: '横版' },
                  ]}
                  optionType="button"
                />
              </Form.Item>
              <Form.Item label="显示内容">
                <Checkbox.Group value={layout.fields} onChange={(v) => update({ fields: BADGE_FIELDS.map((f) => f.key).filter((k) => v.includes(k)) })} options={BADGE_FIELDS.map((f) => ({ value: f.key, label: f.label }))} />
              </Form.Item>
              <Form.Item label="主题色">
                <Space>
                  {BADGE_COLORS.map((c) => (
                    <button
                      key={c}
                      type="button"
                      aria-label={`主题色 ${c}`}
                      onClick={() => update({ color: c })}
                      style={{ width: 24, height: 24, borderRadius: 4, background: c, cursor: 'pointer', border: layout.color === c ? '2px solid #000' : '2px solid transparent' }}
                    />
                  ))}
                </Space>
              </Form.Item>
              <Form.Item label="抬头文字" extra="留空时显示公司名称">
                <Input value={layout.title} maxLength={30} onChange={(e) => update({ title: e.target.value })} placeholder={companyName} />
              </Form.Item>
              <Form.Item label="员工">
                <EmployeePicker
                  mode="multiple"
                  value={ids}
                  onChange={(v, list) => {
                    const next = new Map(picked);
                    for (const e of list) next.set(e.id, e);
                    setPicked(next);
                    setIds(Array.isArray(v) ? v : v ? [v] : []);
                  }}
                />
              </Form.Item>
            </Form>
          </Panel>
        </Col>
        <Col span={16}>
          <Panel title={`预览（${employees.length} 张）`}>
            {employees.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工牌，请在左侧选择员工" />
            ) : (
              <div className="badge-sheet" style={{ display: 'flex', flexWrap: 'wrap', gap: '6mm' }}>
                {employees.map((e) => (
                  <BadgeCard key={e.id} employee={e} layout={layout} companyName={companyName} />
                ))}
              </div>
            )}
          </Panel>
        </Col>
      </Row>
    </Flex>
  );
}
