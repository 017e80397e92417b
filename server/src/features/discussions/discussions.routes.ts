import type { FastifyInstance } from 'fastify';

/** Discussions API (contract §8). */
export async function discussionsRoutes(_app: FastifyInstance): Promise<void> {}
