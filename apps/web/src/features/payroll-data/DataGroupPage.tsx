import { EditOutlined } from '@ant-design/icons';
import { type DataGroupList, type DataGroupView, type LinkedTableView } from '@wfsaas/contracts';
import { Alert, Button, Empty, Flex, Modal, Spin, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { batchesPath, contestedInputs, unfedInputs } from './data-format.ts';
import { KindTag } from './KindTag.tsx';
import { dataCalls, PAYROLL_DATA_PERMISSIONS as A, useDataGroups, useInvalidatePayrollData } from './payroll-data.api.ts';
import { ReadGate } from './ReadGate.tsx';

/**
 * /fzsxapp/dataGroupMaintenance (数据组维护): for each salary group, the data tables it takes its input
 * data from — which columns feed which input items and which feed nothing — and the choice of tables.
 */
export default function DataGroupPage() {
  return (
    <ReadGate permission={A.groupRead}>
      <DataGroupPageScreen />
    </ReadGate>
  );
}

function DataGroupPageScreen() {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[A.groupEdit] === true;
  const groups = useDataGroups();
  const [editing, setEditing] = useState<DataGroupView | null>(null);
  const data = groups.data;

  return (
    <Flex vertical gap={16} className="data-group-page">
      <PageHeader
        title="数据组维护"
        description="为每个薪资组选择取数的数据表：列的工资项与薪资组的导入项一致时，在算薪「导入数据」步骤点击「从共享数据取数」即写入该项。"
        extra={
          <>
            <Button onClick={() => navigate('/fzsxapp/shareData')}>共享数据</Button>
            <Button onClick={() => navigate('/fzsxapp/salaryByBatch')}>薪资批次</Button>
          </>
        }
      />
      {groups.isLoading ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : !data || data.groups.length === 0 ? (
        <Panel>
          <Empty description="暂无薪资组，先创建薪资组并设置导入项">
            <Button type="primary" onClick={() => navigate('/fzsxapp/salaryManagement')}>
              去创建薪资组
            </Button>
          </Empty>
        </Panel>
      ) : (
        data.groups.map((g) => <GroupPanel key={g.groupId} group={g} canEdit={canEdit} onEdit={() => setEditing(g)} />)
      )}
      {data && <TablesModal group={editing} list={data} onClose={() => setEditing(null)} />}
    </Flex>
  );
}

function ColumnMap({ cols, tone }: { cols: LinkedTableView['matched']; tone: 'matched' | 'unmatched' }) {
  if (cols.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {cols.map((c) => {
        const text = c.column === c.item ? c.column : `${c.column} → ${c.item}`;
        return tone === 'matched' ? (
          <Tag key={c.column} color="green" style={{ marginInlineEnd: 0 }}>
            {text}
          </Tag>
        ) : (
          <Tooltip key={c.column} title={`工资项「${c.item}」不是本薪资组的导入项，该列数据不会取用`}>
            <Tag color="orange" className="unmatched-column" style={{ marginInlineEnd: 0 }}>
              {text}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

function GroupPanel({ group, canEdit, onEdit }: { group: DataGroupView; canEdit: boolean; onEdit: () => void }) {
  const unfed = unfedInputs(group);
  const contested = contestedInputs(group);
  const columns: TableColumnsType<LinkedTableView> = [
    {
      title: '数据表',
      dataIndex: 'name',
      width: 200,
      render: (v: string, r) => (
        <Flex gap={8} align="center">
          <Link to={batchesPath(r.kind, r.tableId)}>{v}</Link>
          <KindTag kind={r.kind} />
        </Flex>
      ),
    },
    { title: '类别', dataIndex: 'category', width: 80 },
    { title: '取数的列（表头 → 导入项）', key: 'matched', render: (_: unknown, r) => <ColumnMap cols={r.matched} tone="matched" /> },
    { title: '不取数的列', key: 'unmatched', width: 280, render: (_: unknown, r) => <ColumnMap cols={r.unmatched} tone="unmatched" /> },
  ];
  return (
    <Panel
      className="data-group-panel"
      title={
        <Flex gap={8} align="center">
          <span className="data-group-name">{group.groupName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
            {group.tables.length} 个数据表 · {group.inputItems.length} 个导入项
          </Typography.Text>
        </Flex>
      }
      extra={
        canEdit && (
          <Button icon={<EditOutlined />} className="group-tables-edit" onClick={onEdit}>
            选择数据表
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        <div>
          <Typography.Text type="secondary">导入项：</Typography.Text>
          {group.inputItems.length === 0 ? (
            <Typography.Text type="secondary">本薪资组没有导入项，数据表的列不会被取用</Typography.Text>
          ) : (
            group.inputItems.map((i) => (
              <Tooltip key={i} title={unfed.includes(i) ? '没有数据表提供此项，需上传或手工录入' : '由关联的数据表提供'}>
                <Tag color={unfed.includes(i) ? undefined : 'green'}>{i}</Tag>
              </Tooltip>
            ))
          )}
        </div>
        {group.tables.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未关联数据表，算薪时只能上传数据文件或手工录入">
            {canEdit && (
              <Button type="primary" onClick={onEdit}>
                选择数据表
              </Button>
            )}
          </Empty>
        ) : (
          <Table<LinkedTableView> rowKey="tableId" size="small" className="linked-tables" pagination={false} dataSource={group.tables} columns={columns} />
        )}
        {contested.length > 0 && (
          <Alert
            type="warning"
            showIcon
            message={contested.map((c) => `「${c.item}」同时由${c.tables.join('、')}提供，取数时以后创建的「${c.tables[c.tables.length - 1]}」为准`).join('；')}
          />
        )}
      </Flex>
    </Panel>
  );
}

/** 选择数据表: the data tables of every kind, the group's checked. */
function TablesModal({ group, list, onClose }: { group: DataGroupView | null; list: DataGroupList; onClose: () => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  const invalidate = useInvalidatePayrollData();
  const save = useAction(dataCalls.saveGroupTables, { success: '保存成功', invalidate: () => invalidate(), onSuccess: onClose });
  useEffect(() => {
    if (group) setSelected(group.tables.map((t) => t.tableId));
  }, [group]);
  const rows = [...list.tables].sort((a, b) => a.kind - b.kind || a.id - b.id);
  return (
    <Modal
      open={group !== null}
      title={group ? `选择数据表 · ${group.groupName}` : ''}
      width={640}
      okText="确定"
      cancelText="取消"
      confirmLoading={save.pending}
      onCancel={onClose}
      destroyOnHidden
      className="group-tables-modal"
      onOk={() => group && void save.run(group.groupId, selected)}
    >
      <Typography.Paragraph type="secondary">勾选的数据表在本薪资组算薪时取数（当月的有效批次）。已选 {selected.length} 个。</Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        columns={[
          { title: '数据表', dataIndex: 'name', render: (v: string) => <span className="group-table-option">{v}</span> },
          { title: '类型', dataIndex: 'kind', width: 120, render: (v: number) => <KindTag kind={v} /> },
          { title: '类别', dataIndex: 'category', width: 100 },
        ]}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据表，先在导入表数据、物联网数据或应用数据中新增数据表">
              <Link to="/fzsxapp/importTableData">新增导入数据表</Link>
            </Empty>
          ),
        }}
      />
    </Modal>
  );
}
