import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';

export function registerSetupRoutes(_app: FastifyInstance, _s: AppServices): void {}
