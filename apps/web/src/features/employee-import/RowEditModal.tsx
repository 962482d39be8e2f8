import { Alert, Flex, Form, Input } from 'antd';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { importCalls, type ImportBatch, type ImportRow } from './employee-import.api.ts';

type Cells = Record<string, string>;

const field = (columnIndex: number) => `c${columnIndex}`;

/** 修改第 N 行: every column of a row that failed the check, saved before the batch is checked again. */
export function RowEditModal({ batch, row, onClose, onSaved }: { batch: ImportBatch; row: ImportRow | null; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const save = useAction(
    (rowNo: number, v: Cells) => importCalls.update(batch.id, rowNo, Object.fromEntries(batch.columns.map((c) => [String(c.columnIndex), v[field(c.columnIndex)] ?? '']))),
    {
      success: '保存成功',
      onSuccess: () => {
        onClose();
        return onSaved();
      },
    },
  );
  return (
    <FormModal<Cells>
      open={row !== null}
      title={row ? `修改第 ${row.rowNo} 行` : ''}
      okText="保存并重新校验"
      width={720}
      onClose={onClose}
      values={row ? Object.fromEntries(batch.columns.map((c) => [field(c.columnIndex), row.cells[c.columnIndex] ?? ''])) : {}}
      onSubmit={(v) => (row ? save.run(row.rowNo, v) : undefined)}
    >
      {row && (
        <Flex vertical gap={8}>
          <Alert type="error" message={row.reason} />
          {batch.columns.map((c) => {
            const bad = row.errors.some((e) => e.field === c.fieldKey);
            return (
              <Flex key={c.columnIndex} align="center" gap={12}>
                <span style={{ width: 140, textAlign: 'right', color: bad ? '#cf1322' : undefined }}>{c.header}</span>
                <Form.Item name={field(c.columnIndex)} noStyle>
                  <Input aria-label={c.header} status={bad ? 'error' : undefined} />
                </Form.Item>
              </Flex>
            );
          })}
        </Flex>
      )}
    </FormModal>
  );
}
