/**
 * Sandbox only: moves an agreement's conclusion back by some days, as a moved clock would, so that
 * the withdrawal period and its reminder can be tried in a browser (issue 32: withdraw on day 3,
 * no control on day 15). Only the portal's own record of when the agreement was concluded moves;
 * nothing at the lender does. It exists in sandbox mode only, like the simulators' controls.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SANDBOX_CONCLUDED_CONTROL } from '@portal/domain';

const params = z.object({ reference: z.string().min(1).max(100) });
const body = z.object({ daysAgo: z.number().int().min(0).max(400) });

export function registerSandboxClock(app: FastifyInstance): void {
  app.post(SANDBOX_CONCLUDED_CONTROL.pattern, async (request, reply) => {
    const parsedParams = params.safeParse(request.params);
    const parsedBody = body.safeParse(request.body);
    if (!parsedParams.success || !parsedBody.success) return reply.status(400).send({ error: 'give { "daysAgo": 0..400 } for an application reference' });
    if (!(await app.repos.afterDecision.moveConclusion(parsedParams.data.reference, parsedBody.data.daysAgo))) return reply.status(404).send({ error: 'no concluded agreement with this reference' });
    return { reference: parsedParams.data.reference, daysAgo: parsedBody.data.daysAgo };
  });
}
