import { DEFAULT_PORTAL_LAYOUTS, ENTITY_MANAGED_BY, type EntityView } from '@wfsaas/contracts';
import { AutoComplete, Col, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { ruleFrom } from '../../app/ui/validators.ts';
import { formatRate } from '../payroll/payroll-format.ts';
import { entityValues, percentError, toEntitySave, type EntityValues } from './entity-form.ts';
import type { EntitySave } from '@wfsaas/contracts';

const INJURY_HELP = '按单位所属行业类别确定：一类0.2%、二类0.4%、三类0.7%、四类0.9%、五类1.1%、六类1.3%、七类1.6%、八类1.9%（以社保机构核定为准）；留空按政策默认费率';

/** 新增 / 编辑参保主体: every field of the entity, with the rates typed as percentages. */
export function EntityDrawer({ open, entity, cities, onClose, onSubmit }: { open: boolean; entity: EntityView | null; cities: readonly string[]; onClose: () => void; onSubmit: (body: EntitySave) => Promise<unknown> }) {
  const range = entity?.policy?.hfRateRange ?? null;
  const cityOptions = useMemo(() => [...new Set([...DEFAULT_PORTAL_LAYOUTS.map((l) => l.city), ...cities])].map((c) => ({ value: c })), [cities]);
  const hfHelp = range ? `本企业新参保员工的缴存比例，须在政策范围 ${formatRate(range.min)}–${formatRate(range.max)} 内；留空按政策默认比例` : '本企业新参保员工的缴存比例，须在所在城市政策范围内（通常5%–12%）；留空按政策默认比例';
  return (
    <FormDrawer<EntityValues>
      title={entity ? '编辑参保主体' : '新增参保主体'}
      open={open}
      width={720}
      onClose={onClose}
      values={entityValues(entity)}
      onSubmit={(v) => onSubmit(toEntitySave(v, entity?.id ?? null))}
      okClassName="entity-save"
      className="entity-drawer"
    >
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item name="name" label="主体名称" rules={[{ required: true, whitespace: true, message: '请输入主体名称' }, { max: 60, message: '主体名称不能超过60个字' }]}>
            <Input placeholder="例如：杭州总部社保账户" maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="city" label="参保城市" extra="按该城市的社保公积金政策计算基数上下限" rules={[{ required: true, whitespace: true, message: '请输入参保城市' }, { max: 20, message: '参保城市不能超过20个字' }]}>
            <AutoComplete options={cityOptions} placeholder="例如：杭州" filterOption={(input, o) => String(o?.value ?? '').includes(input)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="siAccountNo" label="社保登记号" rules={[{ max: 40, message: '社保登记号不能超过40个字符' }]}>
            <Input placeholder="单位社保登记号" maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="hfAccountNo" label="公积金账号" rules={[{ max: 40, message: '公积金账号不能超过40个字符' }]}>
            <Input placeholder="单位公积金账号" maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="injuryPercent" label="工伤保险费率" extra={INJURY_HELP} rules={[ruleFrom((v: string | undefined) => percentError(v, { label: '工伤保险费率' }))]}>
            <Input suffix="%" placeholder="例如：0.4" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="hfPercent" label="公积金缴存比例" extra={hfHelp} rules={[ruleFrom((v: string | undefined) => percentError(v, { label: '公积金缴存比例', min: range?.min, max: range?.max }))]}>
            <Input suffix="%" placeholder="例如：12" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="deadlineDay" label="每月申报截止日" extra="当月的增减员、调基须在该日前提交" rules={[{ required: true, message: '请输入每月申报截止日' }]}>
            <InputNumber min={1} max={28} precision={0} addonBefore="每月" addonAfter="日" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="joinCutoffDay" label="当月参保截止日" extra="该日之后入职的员工从次月起参保；留空表示当月任意日期入职均当月参保">
            <InputNumber min={1} max={31} precision={0} addonBefore="每月" addonAfter="日" style={{ width: '100%' }} placeholder="不限" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="managedBy" label="办理方式">
            <Radio.Group options={ENTITY_MANAGED_BY.map((m) => ({ value: m.value, label: m.label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item noStyle shouldUpdate={(a: EntityValues, b: EntityValues) => a.managedBy !== b.managedBy}>
            {({ getFieldValue }) =>
              getFieldValue('managedBy') === 'agency' ? (
                <Form.Item name="agencyName" label="代理机构" rules={[{ required: true, whitespace: true, message: '请输入代理机构名称' }, { max: 60, message: '代理机构不能超过60个字' }]}>
                  <Input placeholder="代理机构名称" maxLength={60} />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="locations" label="覆盖工作地点" extra="员工档案的工作地点属于这些地点时在本主体参保；留空表示按参保城市匹配。输入后按回车添加">
            <Select mode="tags" tokenSeparators={[',', '，', ' ']} placeholder="例如：杭州、宁波" open={false} suffixIcon={null} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="isDefault" label="默认参保主体" valuePropName="checked" extra="工作地点未匹配任何主体的员工在默认主体参保；只能有一个默认主体">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="baseFollowsPay" label="调薪时调整基数" valuePropName="checked" extra="开启后员工调薪会生成调基申报；多数城市每年只在年度调基时调整一次">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}
