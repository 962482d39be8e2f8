import { DATA_PUSH_MAX_ROWS, matchKeyLabel, type DataTableView } from '@wfsaas/contracts';
import { Descriptions, Drawer, Flex, Table, Tag, Typography } from 'antd';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { PUSH_PATH, pushCurl, pushExampleBody } from './data-format.ts';

const codeStyle = { margin: 0, padding: '12px 16px', background: '#f6f8fa', border: '1px solid #f0f0f0', borderRadius: 6, fontSize: 12, lineHeight: '20px', overflowX: 'auto' as const, whiteSpace: 'pre' as const };

/** The push API of an IoT or application table: address, headers, fields and a body to start from. */
export function PushApiDrawer({ table, open, onClose }: { table: DataTableView | null; open: boolean; onClose: () => void }) {
  if (!table) return null;
  const body = pushExampleBody(table, chinaMonth());
  const origin = window.location.origin;
  const key = matchKeyLabel(table.matchKey);
  const fields = [
    { field: 'tableId', type: '数字', required: '是', note: `数据表 ID，本表为 ${table.id}` },
    { field: 'month', type: '字符串', required: '是', note: '数据月份，格式 YYYY-MM' },
    { field: 'replace', type: '布尔值', required: '否', note: '该月已有有效数据时传 true 替换（原批次作废），默认 false（拒绝重复推送）' },
    { field: 'rows[].key', type: '字符串', required: '是', note: `员工${key}` },
    { field: 'rows[].name', type: '字符串', required: '否', note: '员工姓名，传入时与员工档案核对' },
    { field: 'rows[].values', type: '对象', required: '是', note: `表头名称 → 数值：${table.columns.map((c) => c.column).join('、')}` },
  ];
  return (
    <Drawer title={`数据推送接口 · ${table.name}`} open={open} onClose={onClose} size={720} destroyOnHidden className="push-api-drawer">
      <Flex vertical gap={20}>
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 120 } }}>
          <Descriptions.Item label="请求地址">
            <Typography.Text code copyable={{ text: `${origin}${PUSH_PATH}` }} className="push-url">
              POST {PUSH_PATH}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="请求头">
            <Flex vertical gap={4}>
              <span>
                <Typography.Text code>Authorization: Bearer &lt;访问令牌&gt;</Typography.Text>
              </span>
              <span>
                <Typography.Text code>companyId: &lt;企业ID&gt;</Typography.Text>
              </span>
              <span>
                <Typography.Text code>Content-Type: application/json</Typography.Text>
              </span>
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label="调用权限">调用账号的角色需具有「数据推送接口」权限（角色权限 › 导入表数据）</Descriptions.Item>
          <Descriptions.Item label="批次规则">
            一次调用为该表一个月的一个批次，每次最多 {DATA_PUSH_MAX_ROWS.toLocaleString('en-US')} 行；按{key}匹配员工，有错误的行随批次保存并标明原因。
          </Descriptions.Item>
          <Descriptions.Item label="数据来源">
            <Tag>{table.source || '—'}</Tag>
          </Descriptions.Item>
        </Descriptions>
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            请求字段
          </Typography.Title>
          <Table
            rowKey="field"
            size="small"
            pagination={false}
            dataSource={fields}
            columns={[
              { title: '字段', dataIndex: 'field', width: 140, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
              { title: '类型', dataIndex: 'type', width: 80 },
              { title: '必填', dataIndex: 'required', width: 60 },
              { title: '说明', dataIndex: 'note' },
            ]}
          />
        </div>
        <div>
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              请求示例
            </Typography.Title>
            <Typography.Text copyable={{ text: body, tooltips: ['复制', '已复制'] }} type="secondary">
              复制
            </Typography.Text>
          </Flex>
          <pre style={{ ...codeStyle, marginTop: 8 }} className="push-example">
            {body}
          </pre>
        </div>
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            命令行调用（请求示例保存为 data.json）
          </Typography.Title>
          <pre style={codeStyle}>{pushCurl(origin)}</pre>
        </div>
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            返回示例
          </Typography.Title>
          <pre style={codeStyle}>{JSON.stringify({ code: 200, message: '操作成功', data: { batchId: 128, rowCount: 2, matchedCount: 2, errorCount: 0 } }, null, 2)}</pre>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            业务错误（如该月已有数据、超过行数上限）同样以 HTTP 200 返回，code 为 400 并在 message 中说明原因。
          </Typography.Paragraph>
        </div>
      </Flex>
    </Drawer>
  );
}
