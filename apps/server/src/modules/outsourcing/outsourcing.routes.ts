import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerBillRoutes } from './bills.routes.ts';
import { registerClientRoutes } from './clients.routes.ts';
import { registerCustodyRoutes } from './custody.routes.ts';
import { registerPlacementRoutes } from './placements.routes.ts';

/** 外包用工: each part registers its own endpoints (docs/outsourcing.md). */
export function registerOutsourcingRoutes(app: FastifyInstance, s: AppServices): void {
  registerClientRoutes(app, s);
  registerPlacementRoutes(app, s);
  registerBillRoutes(app, s);
  registerCustodyRoutes(app, s);
}
