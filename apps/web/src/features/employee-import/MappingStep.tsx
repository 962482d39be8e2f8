import { Alert, Button, Flex, Select, Space, Table, Tag } from 'antd';
import { useAction } from '../../app/ui/use-action.ts';
import { importCalls, type ImportBatch } from './employee-import.api.ts';

/** 字段匹配: each column of the file to a roster field, or 不导入. */
export function MappingStep({ batch, onChange, onBack, onNext }: { batch: ImportBatch; onChange: (b: ImportBatch) => void; onBack: () => void; onNext: () => void }) {
  const rematch = useAction((columnIndex: number, fieldKey: string | null) => importCalls.rematch(batch.id, { [String(columnIndex)]: fieldKey }), { onSuccess: onChange });
  const options = [{ value: '', label: '不导入' }, ...batch.fields.map((f) => ({ value: f.key, label: f.required ? `${f.label}（必填）` : f.label }))];
  return (
    <Flex vertical gap={16}>
      <Alert
        type={batch.missingRequired.length > 0 ? 'warning' : 'success'}
        showIcon
        message={`文件「${batch.fileName}」共 ${batch.total} 行数据，已按表头自动匹配 ${batch.columns.filter((c) => c.fieldKey).length} 列`}
        description={
          batch.missingRequired.length > 0
            ? `以下必填字段还没有匹配的列：${batch.missingRequired.join('、')}`
            : batch.unmappedColumns.length > 0
              ? `未匹配的列（不导入）：${batch.unmappedColumns.join('、')}`
              : '所有列均已匹配'
        }
      />
      <Table
        rowKey="columnIndex"
        size="middle"
        pagination={false}
        dataSource={batch.columns}
        columns={[
          { title: '文件中的列', dataIndex: 'header', width: 260 },
          {
            title: '对应系统字段',
            dataIndex: 'fieldKey',
            render: (key: string | null, col) => (
              <Select
                style={{ width: 260 }}
                value={key ?? ''}
                options={options}
                disabled={rematch.pending}
                showSearch
                optionFilterProp="label"
                aria-label={`${col.header}对应字段`}
                onChange={(v: string) => void rematch.run(col.columnIndex, v || null)}
              />
            ),
          },
          { title: '状态', width: 120, render: (_, col) => (col.fieldKey ? <Tag color="success">已匹配</Tag> : <Tag>不导入</Tag>) },
        ]}
      />
      <Space>
        <Button onClick={onBack}>重新上传</Button>
        <Button type="primary" disabled={batch.missingRequired.length > 0} onClick={onNext}>
          下一步
        </Button>
      </Space>
    </Flex>
  );
}
