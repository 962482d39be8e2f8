/** Codes of social-insurance hosting: statuses, line kinds, results, portal fields. */

/** An employee's insurance: 1 待增员, 2 在保, 3 待减员, 4 停保. */
export const INSURED_STATUS = { joining: 1, insured: 2, leaving: 3, stopped: 4 } as const;
export type InsuredStatus = (typeof INSURED_STATUS)[keyof typeof INSURED_STATUS];
export const INSURED_STATUSES = [
  { value: 1, label: '待增员' },
  { value: 2, label: '在保' },
  { value: 3, label: '待减员' },
  { value: 4, label: '停保' },
] as const;

/** A declaration: 0 草稿, 1 已提交, 2 部分成功, 3 全部成功, 4 已撤回. */
export const APPLY_STATUS = { draft: 0, submitted: 1, partial: 2, succeeded: 3, withdrawn: 4 } as const;
export type ApplyStatus = (typeof APPLY_STATUS)[keyof typeof APPLY_STATUS];
export const APPLY_STATUSES = [
  { value: 0, label: '草稿' },
  { value: 1, label: '已提交' },
  { value: 2, label: '部分成功' },
  { value: 3, label: '全部成功' },
  { value: 4, label: '已撤回' },
] as const;

/** A declaration line: 1 增员, 2 减员, 3 调基, 4 补缴. */
export const LINE_KIND = { join: 1, leave: 2, base: 3, backPay: 4 } as const;
export type LineKind = (typeof LINE_KIND)[keyof typeof LINE_KIND];
export const LINE_KINDS = [
  { value: 1, label: '增员' },
  { value: 2, label: '减员' },
  { value: 3, label: '调基' },
  { value: 4, label: '补缴' },
] as const;

/** Where a line came from. */
export const LINE_SOURCES = [
  { value: 'onboarding', label: '入职' },
  { value: 'quit', label: '离职' },
  { value: 'transfer', label: '调动' },
  { value: 'payChange', label: '调薪' },
  { value: 'annual', label: '年度调基' },
  { value: 'carried', label: '逾期转入' },
  { value: 'retry', label: '失败重报' },
  { value: 'manual', label: '手工添加' },
] as const;
export type LineSource = (typeof LINE_SOURCES)[number]['value'];

/** A line's result from the portal: 0 待反馈, 1 成功, 2 失败. */
export const LINE_RESULT = { pending: 0, success: 1, failure: 2 } as const;
export type LineResult = (typeof LINE_RESULT)[keyof typeof LINE_RESULT];
export const LINE_RESULTS = [
  { value: 0, label: '待反馈' },
  { value: 1, label: '成功' },
  { value: 2, label: '失败' },
] as const;

/** Who runs an entity's account: the company itself or an agency (代理机构). */
export const ENTITY_MANAGED_BY = [
  { value: 'self', label: '自办' },
  { value: 'agency', label: '代理' },
] as const;

/** The fields a portal's bulk-upload column may carry. */
export const PORTAL_FIELDS = [
  { value: 'name', label: '姓名' },
  { value: 'idType', label: '证件类型' },
  { value: 'idNumber', label: '证件号码' },
  { value: 'employeeNo', label: '工号' },
  { value: 'mobile', label: '手机号码' },
  { value: 'hukouType', label: '户籍性质' },
  { value: 'kind', label: '申报类型' },
  { value: 'fromMonth', label: '起始年月' },
  { value: 'toMonth', label: '截止年月' },
  { value: 'siBase', label: '社保缴费基数' },
  { value: 'hfBase', label: '公积金缴存基数' },
  { value: 'hfRate', label: '公积金缴存比例' },
  { value: 'siAccountNo', label: '单位社保登记号' },
  { value: 'hfAccountNo', label: '单位公积金账号' },
  { value: 'reason', label: '变动原因' },
  { value: 'remark', label: '备注' },
] as const;
export type PortalField = (typeof PORTAL_FIELDS)[number]['value'];
export type PortalColumn = { title: string; field: PortalField };
export type PortalLayout = { city: string; sheetName: string; columns: PortalColumn[] };

/**
 * The product's starting column sets for the five cities the payroll policies carry. They follow the
 * shape of each portal's bulk template; portals change their templates, so a company edits them.
 */
export const DEFAULT_PORTAL_LAYOUTS: readonly PortalLayout[] = [
  {
    city: '北京',
    sheetName: '人员增减',
    columns: [
      { title: '姓名', field: 'name' }, { title: '公民身份号码', field: 'idNumber' }, { title: '变更类型', field: 'kind' },
      { title: '变更年月', field: 'fromMonth' }, { title: '月缴费工资', field: 'siBase' }, { title: '户口性质', field: 'hukouType' },
      { title: '联系电话', field: 'mobile' }, { title: '变更原因', field: 'reason' },
    ],
  },
  {
    city: '上海',
    sheetName: 'Sheet1',
    columns: [
      { title: '单位代码', field: 'siAccountNo' }, { title: '姓名', field: 'name' }, { title: '证件号码', field: 'idNumber' },
      { title: '业务类型', field: 'kind' }, { title: '开始年月', field: 'fromMonth' }, { title: '缴费基数', field: 'siBase' },
      { title: '公积金基数', field: 'hfBase' }, { title: '公积金比例', field: 'hfRate' }, { title: '备注', field: 'remark' },
    ],
  },
  {
    city: '广州',
    sheetName: '参保人员',
    columns: [
      { title: '证件类型', field: 'idType' }, { title: '证件号码', field: 'idNumber' }, { title: '姓名', field: 'name' },
      { title: '申报类型', field: 'kind' }, { title: '起始年月', field: 'fromMonth' }, { title: '截止年月', field: 'toMonth' },
      { title: '缴费工资', field: 'siBase' }, { title: '手机号码', field: 'mobile' },
    ],
  },
  {
    city: '深圳',
    sheetName: '增减员',
    columns: [
      { title: '姓名', field: 'name' }, { title: '身份证号码', field: 'idNumber' }, { title: '操作类型', field: 'kind' },
      { title: '参保年月', field: 'fromMonth' }, { title: '缴费工资', field: 'siBase' }, { title: '户籍类型', field: 'hukouType' },
      { title: '电话', field: 'mobile' },
    ],
  },
  {
    city: '杭州',
    sheetName: '批量申报',
    columns: [
      { title: '单位社保编号', field: 'siAccountNo' }, { title: '姓名', field: 'name' }, { title: '证件号码', field: 'idNumber' },
      { title: '申报类型', field: 'kind' }, { title: '起始年月', field: 'fromMonth' }, { title: '缴费基数', field: 'siBase' },
      { title: '公积金账号', field: 'hfAccountNo' }, { title: '公积金基数', field: 'hfBase' }, { title: '公积金比例', field: 'hfRate' },
    ],
  },
];

/** The column set used for a city without its own: the common fields every portal asks for. */
export const GENERIC_PORTAL_LAYOUT: Omit<PortalLayout, 'city'> = {
  sheetName: '申报明细',
  columns: [
    { title: '姓名', field: 'name' }, { title: '证件号码', field: 'idNumber' }, { title: '申报类型', field: 'kind' },
    { title: '起始年月', field: 'fromMonth' }, { title: '截止年月', field: 'toMonth' }, { title: '社保缴费基数', field: 'siBase' },
    { title: '公积金缴存基数', field: 'hfBase' }, { title: '公积金缴存比例', field: 'hfRate' }, { title: '备注', field: 'remark' },
  ],
};

/** The late fee of a back payment: 0.05 % of the amount per day overdue (社会保险法 第八十六条). */
export const LATE_FEE_DAILY_RATE = '0.0005';

/** The columns of a portal result file the import reads (others are ignored). */
export const RESULT_FILE_COLUMNS = {
  idNumber: ['证件号码', '身份证号码', '公民身份号码', '身份证号'],
  name: ['姓名'],
  kind: ['申报类型', '业务类型', '变更类型', '操作类型'],
  result: ['结果', '办理结果', '处理结果', '申报结果'],
  reason: ['原因', '失败原因', '备注', '说明'],
} as const;

/** The columns of an official monthly bill the reconciliation reads. */
export const BILL_FILE_COLUMNS = {
  idNumber: ['证件号码', '身份证号码', '公民身份号码', '身份证号'],
  name: ['姓名'],
  item: ['险种', '险种名称', '费种'],
  employer: ['单位缴费', '单位应缴', '单位部分', '单位金额'],
  employee: ['个人缴费', '个人应缴', '个人部分', '个人金额'],
} as const;
