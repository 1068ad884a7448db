/**
 * The sandbox's lender desk (issue 32): Resurs publishes no API for reviews of declines, so in
 * production its staff answer them in the back office. In the sandbox nobody sits there: this
 * desk answers each review request a few seconds after it came, as a person at the lender would
 * (the decision stands, with the main factors of the assessment, in the lender's language),
 * through the same service the back office uses. The whole loop can be tried without staff.
 */
import type { FastifyInstance } from 'fastify';
import type { CountryCode } from '@portal/domain';
import { answerReview } from '../services/after-decision/reviews';

export const SANDBOX_LENDER_QUEUE = 'sandbox-lender-reviews';
/** Seconds the sandbox's lender takes to answer. */
export const SANDBOX_LENDER_DELAY_SECONDS = 3;

/** The sandbox lender's words, in its own language per country. */
const ANSWERS: Readonly<Record<CountryCode, { factors: string[]; explanation: string }>> = {
  SE: {
    factors: [
      'En betalningsanmärkning är registrerad hos kreditupplysningsföretaget.',
      'Dina befintliga krediter är höga i förhållande till din inkomst.',
    ],
    explanation:
      'En handläggare har gått igenom din ansökan, din egen beskrivning och uppgifterna från kreditupplysningen. Beslutet står fast: vi kan inte bevilja krediten nu. Om din ekonomi förändras är du välkommen att ansöka igen.',
  },
  NO: {
    factors: [
      'Det er registrert en betalingsanmerkning hos kredittopplysningsbyrået.',
      'Den samlede gjelden din er høy sammenlignet med inntekten.',
    ],
    explanation:
      'En saksbehandler har gått gjennom søknaden, beskrivelsen din og opplysningene fra kredittopplysningen. Avgjørelsen blir stående: vi kan ikke innvilge kreditten nå. Hvis økonomien din endrer seg, er du velkommen til å søke igjen.',
  },
};

export function registerSandboxLender(app: FastifyInstance): void {
  app.jobs.register<{ reviewId: string }>({
    name: SANDBOX_LENDER_QUEUE,
    pollingIntervalSeconds: 1,
    async handler({ reviewId }) {
      const review = await app.repos.afterDecision.reviewById(reviewId);
      const application = review ? await app.repos.applications.findById(review.applicationId) : null;
      if (!review || !application || review.status === 'answered') return;
      await answerReview(app, reviewId, { outcome: 'upheld', ...ANSWERS[application.countryCode], answeredBy: 'sandbox-lender' });
    },
  });
}
