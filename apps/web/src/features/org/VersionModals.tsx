import type { DepartmentVersionItem } from '@wfsaas/contracts';
import { Button, DatePicker, Drawer, Form, Input, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { orgCalls, useInvalidateOrg, useVersions } from './org.api.ts';

type SaveValues = { name: string; effectiveDate: Dayjs };

/** Saves the current tree as a version with an effective date. */
export function SaveVersionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const save = useAction(orgCalls.saveVersion, { success: '组织架构版本已保存', invalidate: useInvalidateOrg(), onSuccess: onClose });
  const today = dayjs();
  return (
    <FormModal<SaveValues>
      title="保存为组织架构版本"
      open={open}
      onClose={onClose}
      okText="保存"
      values={{ name: `${today.format('YYYY年M月D日')}组织架构`, effectiveDate: today }}
      onSubmit={(v) => save.run({ name: v.name.trim(), effectiveDate: v.effectiveDate.format('YYYY-MM-DD') })}
      formProps={{ className: 'version-form' }}
      intro={<p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 0 }}>保存当前的部门树（含负责人、编制与在职人数）。之后可按日期查看当时生效的组织架构。</p>}
    >
      <Form.Item name="name" label="版本名称" rules={[{ required: true, whitespace: true, message: '请输入版本名称' }]}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item name="effectiveDate" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}

/** The saved versions, newest effective date first; 查看 shows one read-only. */
export function VersionListDrawer({ open, onClose, onView }: { open: boolean; onClose: () => void; onView: (v: DepartmentVersionItem) => void }) {
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useVersions(paging, open);
  const columns: TableColumnsType<DepartmentVersionItem> = [
    { title: '版本名称', dataIndex: 'name', ellipsis: true },
    { title: '生效日期', dataIndex: 'effectiveDate', width: 110, render: (v: string) => formatDate(v) },
    { title: '部门数', dataIndex: 'departmentCount', width: 72, align: 'right' },
    { title: '保存时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'op',
      width: 72,
      fixed: 'right',
      render: (_, v) => (
        <Button type="link" size="small" onClick={() => onView(v)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <Drawer title="组织架构版本" open={open} onClose={onClose} size={720} destroyOnHidden>
      <Table<DepartmentVersionItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        pagination={serverPagination(paging, list.data?.pageMessage, setPaging)}
        locale={{ emptyText: '暂无版本，点击「保存为版本」保存当前组织架构' }}
      />
    </Drawer>
  );
}
