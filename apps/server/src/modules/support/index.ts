/** Support: work orders with their conversation, the help centre, leads. What other modules and the app's wiring may use of it. */
export { registerSupportRoutes } from './support.registry.ts';
export { seedDemoHelp } from './help.seed.ts';
export { workOrderFileRule } from './work-orders.service.ts';
export { seedDemoWorkOrders } from './work-orders.seed.ts';
