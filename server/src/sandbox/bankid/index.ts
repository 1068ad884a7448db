import type { FastifyInstance } from 'fastify';

/** The bankid simulator: not built yet. */
export default async function simulator(_app: FastifyInstance) {}
