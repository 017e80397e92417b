import type { FastifyInstance } from 'fastify';

/** Uploads (contract §18). */
export async function mediaRoutes(_app: FastifyInstance): Promise<void> {}
