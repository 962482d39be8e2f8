import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CLIENT_KINDS, type ClientSave, type ClientView } from '@wfsaas/contracts';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { ruleFrom } from '../../app/ui/validators.ts';
import { agreementError, clientValues, contactPhoneError, creditCodeError, postKindOptions, postsError, postsForKind, toClientSave, type ClientValues, type PostRow } from './client-form.ts';
import { usePlans } from './os.api.ts';
import { feeText, maxDispatched } from './os-format.ts';

const HEADCOUNT_HELP = '用工总量 = 用工单位自有职工人数 + 被派遣劳动者人数。劳务派遣人数不得超过用工总量的 10%（《劳务派遣暂行规定》第四条），达到 9% 时提醒。';

/** 新增 / 编辑用工单位: the agreement (kind, term, plan), the posts it may fill, its own headcount and contact. */
export function ClientDrawer({ open, client, onClose, onSubmit }: { open: boolean; client: ClientView | null; onClose: () => void; onSubmit: (body: ClientSave) => Promise<unknown> }) {
  const [form] = Form.useForm<ClientValues>();
  const plans = usePlans(open);
  const planOptions = (plans.data ?? []).map((p) => ({ value: p.id, label: `${p.name}（服务费 ${feeText(p)}）` }));
  if (client && !planOptions.some((o) => o.value === client.planId)) planOptions.push({ value: client.planId, label: client.planName });
  return (
    <FormDrawer<ClientValues>
      title={client ? '编辑用工单位' : '新增用工单位'}
      open={open}
      width={760}
      form={form}
      onClose={onClose}
      values={clientValues(client)}
      onSubmit={(v) => onSubmit(toClientSave(v, client?.id ?? null))}
      okClassName="client-save"
      className="client-drawer"
      formProps={{
        onValuesChange: (changed: Partial<ClientValues>) => {
          if (changed.kind !== undefined) form.setFieldValue('posts', postsForKind((form.getFieldValue('posts') as PostRow[] | undefined) ?? [], changed.kind));
        },
      }}
      intro={
        client?.linkedCompanyName ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={`该用工单位已入驻平台（${client.linkedCompanyName}），派遣比例按其平台上的在职人数计算；可在共管管理中开启共管。`} />
        ) : null
      }
    >
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item name="name" label="用工单位名称" rules={[{ required: true, whitespace: true, message: '请输入用工单位名称' }, { max: 80, message: '用工单位名称不能超过80个字' }]}>
            <Input placeholder="与营业执照一致" maxLength={80} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="creditCode" label="统一社会信用代码" extra="填写后，平台上同一信用代码的企业可开启共管" rules={[ruleFrom((v: string | undefined) => creditCodeError(v))]}>
            <Input placeholder="18位，选填" maxLength={18} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="kind" label="合作方式" required>
            <Radio.Group options={CLIENT_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="agreement" label="协议期限" required extra="派驻的结束日期不晚于协议结束日期" rules={[ruleFrom((v: ClientValues['agreement']) => agreementError(v))]}>
            <DatePicker.RangePicker format="YYYY-MM-DD" style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="planId" label="方案" rules={[{ required: true, message: '请选择方案' }]} extra={plans.data && plans.data.length === 0 ? '暂无方案，请先在方案管理中新增' : '用工单位按该方案结算服务费和增值税'}>
            <Select options={planOptions} loading={plans.isFetching} placeholder="请选择方案" showSearch={{ optionFilterProp: 'label' }} className="client-plan" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item noStyle shouldUpdate={(a: ClientValues, b: ClientValues) => a.headcount !== b.headcount || a.kind !== b.kind}>
            {({ getFieldValue }) => {
              const own = Number(getFieldValue('headcount') ?? 0);
              const dispatch = getFieldValue('kind') === 1;
              return (
                <Form.Item
                  name="headcount"
                  label="自有职工人数"
                  tooltip={HEADCOUNT_HELP}
                  rules={[{ required: true, message: '请输入自有职工人数' }]}
                  extra={dispatch ? `${HEADCOUNT_HELP}按 ${own} 人计，最多可派遣 ${maxDispatched(own)} 人。` : '与用工单位签订劳动合同的职工人数'}
                >
                  <InputNumber min={0} max={10_000_000} precision={0} addonAfter="人" style={{ width: '100%' }} className="client-headcount" />
                </Form.Item>
              );
            }}
          </Form.Item>
        </Col>
        <Col span={24}>
          <PostsEditor />
        </Col>
        <Col span={12}>
          <Form.Item name="contactName" label="联系人" rules={[{ max: 40, message: '联系人不能超过40个字' }]}>
            <Input placeholder="选填" maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="contactPhone" label="联系电话" extra={client?.contactPhone ? '不修改则保留原号码' : undefined} rules={[ruleFrom((v: string | undefined) => contactPhoneError(v, client?.contactPhone))]}>
            <Input placeholder="11位手机号，选填" maxLength={11} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
            <Input.TextArea rows={2} maxLength={200} showCount placeholder="选填" />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}

/** The posts: rows of name and kind; a dispatch client's kinds are limited to 临时性/辅助性/替代性. */
function PostsEditor() {
  const kind = (Form.useWatch<number | undefined>('kind') ?? 1) as number;
  const options = postKindOptions(kind);
  return (
    <Form.List
      name="posts"
      rules={[
        {
          validator: async (_: unknown, posts: PostRow[]) => {
            const msg = postsError(posts, kind);
            if (msg) throw new Error(msg);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="可派驻岗位" required extra={kind === 1 ? '劳务派遣只能用于临时性、辅助性或替代性岗位' : '用工单位可派驻的岗位及其性质'} className="client-posts">
          {fields.map((f, i) => (
            <Flex key={f.key} gap={8} align="center" style={{ marginBottom: 8 }} className="client-post-row">
              <Form.Item name={[f.name, 'name']} noStyle preserve>
                <Input placeholder="岗位名称，如 分拣员" maxLength={40} style={{ flex: 1 }} aria-label={`第${i + 1}个岗位名称`} className={`client-post-name-${i}`} />
              </Form.Item>
              <Form.Item name={[f.name, 'kind']} noStyle preserve>
                <Select options={options} placeholder="岗位性质" style={{ width: 160 }} aria-label={`第${i + 1}个岗位性质`} className={`client-post-kind-${i}`} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} aria-label="删除岗位" disabled={fields.length <= 1} onClick={() => remove(f.name)} />
            </Flex>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', kind: undefined })} className="client-post-add">
            添加岗位
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
