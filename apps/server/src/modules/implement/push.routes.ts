import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';

export function registerPushRoutes(_app: FastifyInstance, _s: AppServices): void {}
