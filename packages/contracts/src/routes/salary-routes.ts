import type { RouteDef } from './route-types.ts';

/** Salary calculation (7): /qtSalary and the payroll screens under /fzsxapp. */
export const SALARY_ROUTES = [
  // ── "Salary calculation, /qtSalary (role-gated) and payroll prefix /fzsxapp" ──
  {
    name: 'qtSalary', path: '/qtSalary', hide: false, type: 7, isEdit: false,
    meta: { title: '算薪', hasRole: true, keepAlive: false, level: 1, icon: 'CalculatorOutlined', menu: true },
  },
  {
    name: 'calculateTaskManagement', path: '/fzsxapp/calculateTaskManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '算薪任务', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'calculateTaskConfig', path: '/fzsxapp/calculateTaskConfig/:id', hide: true, type: 7, isEdit: true,
    meta: { title: '算薪任务配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'originalTableConfig', path: '/fzsxapp/originalTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '原始表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'pivotTableConfig', path: '/fzsxapp/pivotTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '透视表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'mergeTableConfig', path: '/fzsxapp/mergeTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '合并表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'mergeTableGenerate', path: '/fzsxapp/mergeTableGenerate/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '合并表生成', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'gatherTableConfig', path: '/fzsxapp/gatherTableConfig/:id/:parentId/:title', hide: true, type: 7, isEdit: true,
    meta: { title: '汇总表配置', hasRole: true, keepAlive: false, level: 3, parent: 'calculateTaskManagement', menu: false },
  },
  {
    name: 'gatherTable', path: '/fzsxapp/gatherTable', hide: false, type: 7, isEdit: false,
    meta: { title: '汇总表', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'gatherTableFieldConfig', path: '/fzsxapp/gatherTable/fieldConfig/:id', hide: true, type: 7, isEdit: true,
    meta: { title: '汇总表字段配置', hasRole: true, keepAlive: false, level: 3, parent: 'gatherTable', menu: false },
  },
  {
    name: 'biConfig', path: '/fzsxapp/biConfig', hide: false, type: 7, isEdit: false,
    meta: { title: 'BI配置', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'biConfigDetail', path: '/fzsxapp/biConfig/detail/:id', hide: true, type: 7, isEdit: true,
    meta: { title: 'BI配置详情', hasRole: true, keepAlive: false, level: 3, parent: 'biConfig', menu: false },
  },
  {
    name: 'fzsxappHome', path: '/fzsxapp/home', redirect: '/fzsxapp/index', hide: true, type: 7, isEdit: false,
    meta: { title: '开始算薪', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: false },
  },
  {
    name: 'fzsxappIndex', path: '/fzsxapp/index', hide: false, type: 7, isEdit: false,
    meta: { title: '开始算薪', hasRole: true, keepAlive: false, level: 3, parent: 'fzsxappHome', menu: true },
  },
  {
    name: 'deliveryService', path: '/deliveryService', redirect: '/fzsxapp/biIntelligentReport', hide: false, type: 7, isEdit: false,
    meta: { title: '交付服务', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'biIntelligentReport', path: '/fzsxapp/biIntelligentReport', hide: false, type: 7, isEdit: false,
    meta: { title: 'BI智能报表', hasRole: true, keepAlive: false, level: 3, parent: 'deliveryService', menu: true },
  },
  {
    name: 'biReportCollection', path: '/fzsxapp/biReportCollection/:id', hide: true, type: 7, isEdit: false,
    meta: { title: '报表集', hasRole: true, keepAlive: false, level: 4, parent: 'biIntelligentReport', menu: false },
  },
  {
    name: 'biReportCollectionList', path: '/fzsxapp/biReportCollection/list/:id', hide: true, type: 7, isEdit: false,
    meta: { title: '报表集列表', hasRole: true, keepAlive: false, level: 4, parent: 'biIntelligentReport', menu: false },
  },
  {
    name: 'gatherReport', path: '/fzsxapp/gatherReport', hide: false, type: 7, isEdit: false,
    meta: { title: '汇总报表', hasRole: true, keepAlive: false, level: 3, parent: 'deliveryService', menu: true },
  },
  {
    name: 'gatherReportList', path: '/fzsxapp/gatherReport/list/:id', hide: true, type: 7, isEdit: false,
    meta: { title: '汇总报表列表', hasRole: true, keepAlive: false, level: 4, parent: 'gatherReport', menu: false },
  },
  {
    name: 'calculateService', path: '/calculateService', redirect: '/fzsxapp/salaryManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '算薪服务', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'salaryManagement', path: '/fzsxapp/salaryManagement', hide: false, type: 7, isEdit: false,
    meta: { title: '薪资组管理', hasRole: true, keepAlive: false, level: 3, parent: 'calculateService', menu: true },
  },
  {
    name: 'salaryByBatch', path: '/fzsxapp/salaryByBatch', hide: false, type: 7, isEdit: false, needs: ['salaryByBatch', 'salaryManagement'],
    meta: { title: '批次算薪', hasRole: true, keepAlive: false, level: 3, parent: 'calculateService', menu: true },
  },
  {
    name: 'salaryPerDataImport', path: '/fzsxapp/salaryPerDataImport/:id', hide: true, type: 7, isEdit: true, needs: ['salaryByBatch', 'salaryManagement'],
    meta: { title: '算薪数据导入', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'checkDataIntegrity', path: '/fzsxapp/checkDataIntegrity/:id', hide: true, type: 7, isEdit: false, needs: ['salaryByBatch'],
    meta: { title: '数据完整性检查', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'startCalculateSalary', path: '/fzsxapp/startCalculateSalary/:id', hide: true, type: 7, isEdit: true, needs: ['salaryByBatch'],
    meta: { title: '开始计算薪资', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'dataGroupMaintenance', path: '/fzsxapp/dataGroupMaintenance', hide: true, type: 7, isEdit: true,
    meta: { title: '数据组维护', hasRole: true, keepAlive: false, level: 4, parent: 'salaryManagement', menu: false },
  },
  {
    name: 'dataDetail', path: '/fzsxapp/dataDetail/:id', hide: true, type: 7, isEdit: false, needs: ['dataDetail', 'salaryByBatch', 'salaryManagement'],
    meta: { title: '数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'calculateSalaryDetail', path: '/fzsxapp/calculateSalaryDetail/:id', hide: true, type: 7, isEdit: false, needs: ['salaryByBatch'],
    meta: { title: '算薪详情', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'configSalaryGroup', path: '/fzsxapp/configSalaryGroup/:id', hide: true, type: 7, isEdit: true, needs: ['salaryManagement'],
    meta: { title: '薪资组配置', hasRole: true, keepAlive: false, level: 4, parent: 'salaryManagement', menu: false },
  },
  {
    name: 'submitPayroll', path: '/fzsxapp/submitPayroll/:id', hide: true, type: 7, isEdit: true, needs: ['salaryByBatch'],
    meta: { title: '提交薪资', hasRole: true, keepAlive: false, level: 4, parent: 'salaryByBatch', menu: false },
  },
  {
    name: 'shareData', path: '/shareData', redirect: '/fzsxapp/shareData', hide: false, type: 7, isEdit: false,
    meta: { title: '共享数据', hasRole: true, keepAlive: false, level: 2, parent: 'qtSalary', menu: true },
  },
  {
    name: 'fzsxappShareData', path: '/fzsxapp/shareData', hide: false, type: 7, isEdit: false,
    meta: { title: '数据总览', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'baseData', path: '/fzsxapp/baseData', hide: false, type: 7, isEdit: false,
    meta: { title: '基础数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'importTableData', path: '/fzsxapp/importTableData', hide: false, type: 7, isEdit: false,
    meta: { title: '导入表数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'importTableDataBatch', path: '/fzsxapp/importTableDataBatch/:id', hide: true, type: 7, isEdit: true, needs: ['importTableData'],
    meta: { title: '导入表数据批次', hasRole: true, keepAlive: false, level: 4, parent: 'importTableData', menu: false },
  },
  {
    name: 'importTableDataDetail', path: '/fzsxapp/importTableDataDetail/:id', hide: true, type: 7, isEdit: false, needs: ['importTableData'],
    meta: { title: '导入表数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'importTableData', menu: false },
  },
  {
    name: 'iotData', path: '/fzsxapp/iotData', hide: false, type: 7, isEdit: false,
    meta: { title: '物联网数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'iotDataDetail', path: '/fzsxapp/iotData/detail/:id', hide: true, type: 7, isEdit: false, needs: ['iotData'],
    meta: { title: '物联网数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'iotData', menu: false },
  },
  {
    name: 'applicationData', path: '/fzsxapp/applicationData', hide: false, type: 7, isEdit: false,
    meta: { title: '应用数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'applicationDataDetail', path: '/fzsxapp/applicationData/detail/:id', hide: true, type: 7, isEdit: false, needs: ['applicationData'],
    meta: { title: '应用数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'applicationData', menu: false },
  },
  {
    name: 'calendarList', path: '/calendarList', redirect: '/fzsxapp/calendarList', hide: true, type: 7, isEdit: false,
    meta: { title: '日历数据', hasRole: true, keepAlive: false, level: 4, parent: 'fzsxappCalendarList', menu: false },
  },
  {
    name: 'fzsxappCalendarList', path: '/fzsxapp/calendarList', hide: false, type: 7, isEdit: false,
    meta: { title: '日历数据', hasRole: true, keepAlive: false, level: 3, parent: 'shareData', menu: true },
  },
  {
    name: 'calendarDetail', path: '/fzsxapp/calendarDetail/:id', hide: true, type: 7, isEdit: false, needs: ['fzsxappCalendarList'],
    meta: { title: '日历数据详情', hasRole: true, keepAlive: false, level: 4, parent: 'fzsxappCalendarList', menu: false },
  },
] as const satisfies readonly RouteDef[];
