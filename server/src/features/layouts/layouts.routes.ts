import type { FastifyInstance } from 'fastify';

/** Layouts lookup-hydrate (contract §22). */
export async function layoutsRoutes(_app: FastifyInstance): Promise<void> {}
