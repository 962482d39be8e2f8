import { Col, Form, Input } from 'antd';
import { ruleFrom } from '../../app/ui/validators.ts';
import { percentError } from './entity-form.ts';
import { moneyError } from './line-form.ts';

/** The contribution fields a declaration line and a recorded insurance share: two bases and the housing-fund rate, each half a row. */

export function SiBaseField() {
  return (
    <Col span={12}>
      <Form.Item name="siBase" label="社保缴费基数" rules={[ruleFrom((v: string | undefined) => moneyError(v, '社保缴费基数'))]}>
        <Input prefix="¥" placeholder="例如：8000.00" />
      </Form.Item>
    </Col>
  );
}

export function HfBaseField() {
  return (
    <Col span={12}>
      <Form.Item name="hfBase" label="公积金缴存基数" rules={[ruleFrom((v: string | undefined) => moneyError(v, '公积金缴存基数'))]}>
        <Input prefix="¥" placeholder="例如：8000.00" />
      </Form.Item>
    </Col>
  );
}

export function HfPercentField() {
  return (
    <Col span={12}>
      <Form.Item name="hfPercent" label="公积金缴存比例" rules={[ruleFrom((v: string | undefined) => percentError(v, { label: '公积金缴存比例', required: true }))]}>
        <Input suffix="%" placeholder="例如：12" />
      </Form.Item>
    </Col>
  );
}
