import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerHelpRoutes } from './help.routes.ts';
import { registerLeadRoutes } from './leads.routes.ts';
import { registerWorkOrderRoutes } from './work-orders.routes.ts';

/** Every support route: work orders and their conversation, the help centre, leads. */
export function registerSupportRoutes(app: FastifyInstance, s: AppServices): void {
  registerWorkOrderRoutes(app, s);
  registerHelpRoutes(app, s);
  registerLeadRoutes(app, s);
}
