import type { FastifyInstance } from 'fastify';

/** Long-runner continuation POST /calls/run (contract §1.11, §20). */
export async function callsRoutes(_app: FastifyInstance): Promise<void> {}
