import { LINE_KINDS, type ApplyDetailView, type ApplyLineView, type ResultImportView } from '@wfsaas/contracts';
import { Alert, Col, Descriptions, Form, Input, Modal, Radio, Row, Select, Table } from 'antd';
import { useState } from 'react';
import { FilePick } from '../../app/ui/FilePick.tsx';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { ruleFrom } from '../../app/ui/validators.ts';
import { EmployeePicker } from '../employees/pickers.tsx';
import { lineValues, monthRangeError, toLineSave, type LineValues } from './line-form.ts';
import { HfBaseField, HfPercentField, SiBaseField } from './BaseFields.tsx';
import { MonthText } from './MonthText.tsx';
import { applyStatusLabel, applyStatusTone } from './si-format.ts';
import type { ApplyLineSave } from '@wfsaas/contracts';

/** 编辑明细 / 添加人员: a line's kind, months, bases and rate; a manual line picks its employee first. */
export function LineModal({ open, apply, line, manual, onClose, onSubmit }: { open: boolean; apply: ApplyDetailView; line: ApplyLineView | null; manual: boolean; onClose: () => void; onSubmit: (body: ApplyLineSave) => Promise<unknown> }) {
  return (
    <FormModal<LineValues>
      title={manual ? '添加人员' : `编辑明细 · ${line?.name ?? ''}`}
      open={open}
      width={640}
      onClose={onClose}
      values={lineValues(line, apply.month)}
      onSubmit={(v) => onSubmit(toLineSave(apply.id, manual ? null : line, v))}
      okClassName="line-save"
      className="line-modal"
    >
      <Row gutter={16}>
        {manual && (
          <Col span={24}>
            <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
              <EmployeePicker />
            </Form.Item>
          </Col>
        )}
        <Col span={12}>
          <Form.Item name="kind" label="申报类型" rules={[{ required: true, message: '请选择申报类型' }]}>
            <Select options={LINE_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
          </Form.Item>
        </Col>
        <HfPercentField />
        <Col span={12}>
          <Form.Item name="fromMonth" label="起始月" rules={[{ required: true, message: '请选择起始月' }]}>
            <MonthText allowClear={false} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="toMonth"
            label="截止月"
            extra="补缴填写所补的最后一个月；其他类型可留空"
            dependencies={['fromMonth']}
            rules={[({ getFieldValue }) => ruleFrom((v: string | null | undefined) => monthRangeError(getFieldValue('fromMonth') as string, v))]}
          >
            <MonthText placeholder="不限" />
          </Form.Item>
        </Col>
        <SiBaseField />
        <HfBaseField />
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

type ResultValues = { result: 1 | 2; reason: string };

/** 登记结果: one line's portal result entered by hand (a failure needs its reason). */
export function ResultModal({ line, onClose, onSubmit }: { line: ApplyLineView | null; onClose: () => void; onSubmit: (v: ResultValues) => Promise<unknown> }) {
  return (
    <FormModal<ResultValues>
      title={`登记办理结果 · ${line?.name ?? ''}`}
      open={line !== null}
      onClose={onClose}
      values={{ result: line?.result === 2 ? 2 : 1, reason: line?.reason ?? '' }}
      onSubmit={(v) => onSubmit({ result: v.result, reason: v.result === 2 ? v.reason.trim() : '' })}
      okClassName="result-save"
    >
      <Form.Item name="result" label="办理结果" rules={[{ required: true, message: '请选择办理结果' }]}>
        <Radio.Group
          options={[
            { value: 1, label: '成功' },
            { value: 2, label: '失败' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: ResultValues, b: ResultValues) => a.result !== b.result}>
        {({ getFieldValue }) =>
          getFieldValue('result') === 2 ? (
            <Form.Item name="reason" label="失败原因" rules={[{ required: true, whitespace: true, message: '请输入失败原因' }, { max: 200, message: '失败原因不能超过200个字' }]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} placeholder="例如：身份证号码与姓名不匹配" />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </FormModal>
  );
}

/**
 * 导入办理结果: the result file downloaded from the portal (xlsx with 证件号码, 姓名, 结果, 原因); then what
 * it applied and the rows naming nobody in this declaration.
 */
export function ResultImportModal({ open, onClose, onImport }: { open: boolean; onClose: () => void; onImport: (file: File) => Promise<ResultImportView | undefined> }) {
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ResultImportView | null>(null);
  const close = () => {
    setFile(null);
    setResult(null);
    onClose();
  };
  const submit = async () => {
    if (!file) return;
    setPending(true);
    try {
      const r = await onImport(file);
      if (r) setResult(r);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      title="导入办理结果"
      open={open}
      width={640}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      className="result-import-modal"
      okText={result ? '完成' : '导入'}
      cancelText="取消"
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ loading: pending, disabled: !result && !file, className: 'result-import-ok' }}
      onOk={() => (result ? close() : void submit())}
    >
      {!result ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="上传社保网站导出的办理结果 Excel：按证件号码（或姓名）匹配本次申报的人员，读取「结果」「原因」列；成功、失败之外的行不会改动。"
          />
          <FilePick value={file} onChange={setFile} accept=".xlsx">
            选择结果文件
          </FilePick>
        </>
      ) : (
        <div className="result-import-summary">
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'rows', label: '文件行数', children: result.rows },
              { key: 'applied', label: '已登记', children: result.applied },
              { key: 'success', label: '成功', children: <span style={{ color: '#389e0d' }}>{result.success}</span> },
              { key: 'failure', label: '失败', children: <span style={{ color: result.failure ? '#cf1322' : undefined }}>{result.failure}</span> },
              { key: 'status', label: '申报状态', span: 2, children: <StatusTag tone={applyStatusTone(result.status)}>{applyStatusLabel(result.status)}</StatusTag> },
            ]}
          />
          {result.unknown.length > 0 && (
            <>
              <Alert type="warning" showIcon style={{ margin: '16px 0 8px' }} title={`${result.unknown.length} 行未匹配到本次申报的人员，未登记`} />
              <Table
                size="small"
                rowKey="row"
                className="result-unknown-table"
                pagination={false}
                scroll={{ y: 240 }}
                dataSource={result.unknown}
                columns={[
                  { title: '行号', dataIndex: 'row', width: 70 },
                  { title: '姓名', dataIndex: 'name', width: 120 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
