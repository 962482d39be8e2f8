import { DownOutlined } from '@ant-design/icons';
import type { EmployeeListItem, Widget } from '@wfsaas/contracts';
import { Button, Dropdown, Flex, type TableColumnsType } from 'antd';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { customColumnKey, customValueText, departmentLabel, formatTenure, statusTone } from './roster.ts';
import type { ChoosableColumn } from '../../app/ui/column-prefs.ts';

type Column = TableColumnsType<EmployeeListItem>[number];

export type RosterRowActions = {
  canEdit: boolean;
  open: (id: number) => void;
  edit: (id: number) => void;
  move: (id: number) => void;
  remove: (id: number) => void;
};

/** The roster's columns in the chooser's order (the chooser hides the unchosen ones), then 操作. */
export function rosterColumns(choices: readonly ChoosableColumn[], widgets: readonly Widget[], today: string, actions: RosterRowActions): TableColumnsType<EmployeeListItem> {
  const standard: Record<string, Column> = {
    name: {
      title: '姓名',
      dataIndex: 'name',
      fixed: 'left',
      width: 110,
      render: (v: string, r) => (
        <a onClick={() => actions.open(r.id)} className="employee-name">
          {v}
        </a>
      ),
    },
    employeeNo: { title: '工号', dataIndex: 'employeeNo', width: 110, render: (v: string | null) => v ?? EMPTY_TEXT },
    department: { title: '部门', width: 180, ellipsis: true, render: (_: unknown, r) => departmentLabel(r) },
    position: { title: '岗位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    rank: { title: '职级', dataIndex: 'rankName', width: 90, render: (v: string | null) => v ?? EMPTY_TEXT },
    mobile: { title: '手机号', dataIndex: 'mobileMasked', width: 130, render: (v: string) => v || EMPTY_TEXT },
    idNumber: { title: '证件号码', dataIndex: 'idNumberMasked', width: 190, render: (v: string) => v || EMPTY_TEXT },
    employmentType: { title: '用工类型', dataIndex: 'employmentTypeName', width: 100, render: (v: string) => v || EMPTY_TEXT },
    status: { title: '员工状态', dataIndex: 'status', width: 100, render: (_: unknown, r) => <StatusTag tone={statusTone(r.status)}>{r.statusName}</StatusTag> },
    hireDate: { title: '入职日期', dataIndex: 'hireDate', width: 110, render: (v: string | null) => formatDate(v) },
    tenure: { title: '司龄', width: 100, render: (_: unknown, r) => formatTenure(r.hireDate, today, r.leaveDate) },
    gender: { title: '性别', dataIndex: 'genderName', width: 70, render: (v: string) => v || EMPTY_TEXT },
    costCenter: { title: '成本中心', dataIndex: 'costCenterName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    workLocation: { title: '工作地点', dataIndex: 'workLocation', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    probationEndDate: { title: '试用期结束', dataIndex: 'probationEndDate', width: 110, render: (v: string | null) => formatDate(v) },
  };
  const custom = (key: string): Column | null => {
    const w = widgets.find((x) => customColumnKey(x.key) === key);
    return w ? { title: w.label, width: 140, ellipsis: true, render: (_: unknown, r) => customValueText(w, r.customFields[w.key], EMPTY_TEXT) } : null;
  };
  const chosen = choices.flatMap((c) => {
    const column = standard[c.key] ?? custom(c.key);
    return column ? [{ ...column, title: c.title, key: c.key }] : [];
  });
  return [
    ...chosen,
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: actions.canEdit ? 170 : 80,
      render: (_: unknown, r) => (
        <Flex gap={4} className="row-actions">
          <Button type="link" size="small" onClick={() => actions.open(r.id)}>
            查看
          </Button>
          {actions.canEdit && (
            <>
              <Button type="link" size="small" onClick={() => actions.edit(r.id)}>
                编辑
              </Button>
              <Dropdown
                menu={{
                  items: [
                    { key: 'move', label: '调整部门' },
                    { key: 'delete', label: '删除', danger: true },
                  ],
                  onClick: ({ key }) => (key === 'move' ? actions.move(r.id) : actions.remove(r.id)),
                }}
              >
                <Button type="link" size="small">
                  更多 <DownOutlined />
                </Button>
              </Dropdown>
            </>
          )}
        </Flex>
      ),
    },
  ];
}
