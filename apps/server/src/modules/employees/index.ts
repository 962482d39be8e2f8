/** The employee record; the only writer of the employees table. What other modules and the app's wiring may use of it. */
export { loadEmployeeFormDefinition, loadFormDefinition, recordEmployeeFillVersion, removeFormDefinition, storeFormDefinition } from './custom-form.service.ts';
export { employeeDepartmentScope, employeeInScope, inScope, requireDepartmentInScope, requireEmployeesInScope } from './employee-access.ts';
export { formatCustomValue } from './employee-export.ts';
export { attachRecordFiles } from './employee-extras.service.ts';
export { employeeFileRule } from './employee-files.ts';
export { countEmployees, holdsKey, pageEmployees, rosterFilterFor } from './employee-list.service.ts';
export { rosterWhere, type ResolvedFilter as RosterFilter } from './employee-list.queries.ts';
export { registerEmployeeJobHandlers } from './employees.jobs.ts';
export { registerEmployeeRoutes } from './employees.routes.ts';
export { seedDemoEmployees } from './employees.seed.ts';
export { createEmployee, createEmployees, updateEmployee, validateEmployeeUpdate, validateNewEmployee, type EmployeeActor } from './employees.service.ts';
export { createEmployeeWriteCache, findEmployeeByNoOrIdNumber, prefetchEmployeeKeys, type EmployeeWriteCache } from './employee-write-cache.ts';
export { moveEmployeesToDepartment, seedEmployeeSalaries, setEmployeeArchived, setEmployeeFacts, setEmployeeSalary } from './employee-state.queries.ts';
