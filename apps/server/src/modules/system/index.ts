import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerPermissionListRoute } from './permission-list.ts';

export function registerSystemRoutes(app: FastifyInstance, s: AppServices) {
  registerPermissionListRoute(app, s);
}
