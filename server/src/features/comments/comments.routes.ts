import type { FastifyInstance } from 'fastify';

/** Comments API (contract §9). */
export async function commentsRoutes(_app: FastifyInstance): Promise<void> {}
