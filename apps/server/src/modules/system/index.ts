import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerCompanyPermissionRoutes } from './company-permission.routes.ts';
import { registerDataPermissionRoutes } from './data-permission.routes.ts';
import { registerPermissionListRoute } from './permission-list.ts';
import { registerRoleRoutes } from './roles.routes.ts';
import { registerSubAccountRoutes } from './sub-accounts.routes.ts';
import { registerThreeInitAuthRoutes } from './three-init-auth.routes.ts';

export function registerSystemRoutes(app: FastifyInstance, s: AppServices) {
  registerPermissionListRoute(app, s);
  registerRoleRoutes(app, s);
  registerCompanyPermissionRoutes(app, s);
  registerDataPermissionRoutes(app, s);
  registerThreeInitAuthRoutes(app, s);
  registerSubAccountRoutes(app, s);
}

export { listPendingInvitationsForPhone } from './invitations.service.ts';
