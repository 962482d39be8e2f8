import type { OnboardingConfirmResult, PlacementRow } from '@wfsaas/contracts';
import { Alert, Button, Form, Modal, Result } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { DateText } from '../employees/pickers.tsx';
import { arrivalDate } from './labour-form.ts';
import { labourCalls, useInvalidateLabour } from './os-labour.api.ts';

/** 确认到岗: the actual start date, then what followed (contracts started for signing, the 增员 proposed). */
export function LabourConfirmArrival({ row, onClose }: { row: PlacementRow | null; onClose: () => void }) {
  const invalidate = useInvalidateLabour();
  const [result, setResult] = useState<OnboardingConfirmResult | null>(null);
  const confirm = useAction((r: PlacementRow, hireDate: string | null | undefined) => labourCalls.confirmOnboarding(r.id, hireDate ?? undefined), {
    success: '已确认到岗',
    invalidate,
    onSuccess: (r) => setResult(r),
  });
  const today = dayjs().format('YYYY-MM-DD');
  return (
    <>
      <FormModal<{ hireDate?: string | null }>
        title={`确认到岗 · ${row?.name ?? ''}`}
        open={row !== null && result === null}
        onClose={onClose}
        values={{ hireDate: row ? arrivalDate(row.startDate, today) : today }}
        okClassName="labour-confirm-ok"
        className="labour-confirm-modal"
        intro={row && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`${row.clientName} · ${row.post}，计划到岗 ${row.startDate}。确认后员工入职生效，按方案发起劳动合同签署并生成参保增员。`} />}
        onSubmit={(v) => confirm.run(row!, v.hireDate)}
      >
        <Form.Item name="hireDate" label="实际到岗日期" rules={[{ required: true, message: '请选择实际到岗日期' }]} extra="不能晚于今天">
          <DateText />
        </Form.Item>
      </FormModal>
      <Modal
        open={result !== null}
        title="到岗已确认"
        className="labour-confirm-result"
        onCancel={() => {
          setResult(null);
          onClose();
        }}
        footer={
          <Button
            type="primary"
            onClick={() => {
              setResult(null);
              onClose();
            }}
          >
            知道了
          </Button>
        }
      >
        {result && (
          <Result
            status="success"
            title={`${result.placement.name} 已在 ${result.placement.clientName} 到岗`}
            subTitle={
              <div style={{ textAlign: 'left' }}>
                <div className="confirm-contracts">{result.contractIds.length > 0 ? `已发起劳动合同签署 ${result.contractIds.length} 份，员工将收到签署短信。` : '未发起劳动合同签署（方案未设置合同包或未选择发起签署）。'}</div>
                <div className="confirm-insurance">{result.insuranceText ? `已生成参保增员：${result.insuranceText}，请在社保申报中办理。` : '方案未设置参保主体，未生成参保增员。'}</div>
              </div>
            }
          />
        )}
      </Modal>
    </>
  );
}
