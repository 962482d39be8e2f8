import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';

export function registerPayConfigRoutes(_app: FastifyInstance, _s: AppServices): void {}
