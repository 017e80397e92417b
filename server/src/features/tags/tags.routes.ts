import type { FastifyInstance } from 'fastify';

/** Tags API (contract §11). */
export async function tagsRoutes(_app: FastifyInstance): Promise<void> {}
