import type { FastifyInstance } from 'fastify';

/** Reactions on discussions and comments (contract §10). */
export async function reactionsRoutes(_app: FastifyInstance): Promise<void> {}
