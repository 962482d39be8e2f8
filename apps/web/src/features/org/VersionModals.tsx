import type { DepartmentVersionItem } from '@wfsaas/contracts';
import { Button, DatePicker, Drawer, Form, Input, Modal, Table, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { orgCalls, useOrgMutation, useVersions } from './org.api.ts';

type SaveValues = { name: string; effectiveDate: Dayjs };

/** Saves the current tree as a version with an effective date. */
export function SaveVersionModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<SaveValues>();
  const save = useOrgMutation(orgCalls.saveVersion, '组织架构版本已保存');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const today = dayjs();
    form.setFieldsValue({ name: `${today.format('YYYY年M月D日')}组织架构`, effectiveDate: today });
  }, [open, form]);

  const submit = async (v: SaveValues) => {
    await save.mutateAsync({ name: v.name.trim(), effectiveDate: v.effectiveDate.format('YYYY-MM-DD') });
    onClose();
  };

  return (
    <Modal title="保存为组织架构版本" open={open} onCancel={onClose} onOk={() => form.submit()} okText="保存" cancelText="取消" confirmLoading={save.isPending} destroyOnHidden>
      <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 0 }}>保存当前的部门树（含负责人、编制与在职人数）。之后可按日期查看当时生效的组织架构。</p>
      <Form<SaveValues> form={form} layout="vertical" onFinish={(v) => void submit(v).catch(() => undefined)} className="version-form">
        <Form.Item name="name" label="版本名称" rules={[{ required: true, whitespace: true, message: '请输入版本名称' }]}>
          <Input maxLength={50} showCount />
        </Form.Item>
        <Form.Item name="effectiveDate" label="生效日期" rules={[{ required: true, message: '请选择生效日期' }]}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
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
