import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerDictionaryRoutes } from './dictionaries.routes.ts';
import { registerPayConfigRoutes } from './pay-config.routes.ts';
import { registerPushRoutes } from './push.routes.ts';
import { registerSetupRoutes } from './setup.routes.ts';
import { registerSystemConfigRoutes } from './system-config.routes.ts';

/** Every implementation-centre route: dictionaries, push channels, the set-up checklist, pay configuration. */
export function registerImplementRoutes(app: FastifyInstance, s: AppServices): void {
  registerDictionaryRoutes(app, s);
  registerPushRoutes(app, s);
  registerSetupRoutes(app, s);
  registerPayConfigRoutes(app, s);
  registerSystemConfigRoutes(app, s);
}
