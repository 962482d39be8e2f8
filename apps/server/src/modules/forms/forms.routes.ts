import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';

export function registerFormRoutes(_app: FastifyInstance, _s: AppServices): void {}
