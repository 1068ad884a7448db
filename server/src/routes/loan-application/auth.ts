import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  type CountryCode,
  type Features,
  findTestCompany,
  soleSignatoriesOf,
  TEST_PEOPLE,
  type TestPerson,
  dummyLoginBodySchema,
} from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { addressKey } from '../../plugins/rate-limits';
import { namesMatch } from '../../services/applications';
import { leaveApplication } from '../../services/leave-application';
import type { SessionIdentity } from '../../types';
import { logIn } from './session';

const dummyLoginBody = dummyLoginBodySchema;

function identityOf(person: Pick<TestPerson, 'nationalId' | 'country' | 'firstName' | 'lastName'>): SessionIdentity {
  return {
    nationalId: person.nationalId,
    country: person.country,
    firstName: person.firstName,
    lastName: person.lastName,
    method: 'dummy',
    authenticatedAt: new Date().toISOString(),
  };
}

const defaultPerson = (country: CountryCode): TestPerson => {
  const person = TEST_PEOPLE.find((p) => p.country === country);
  if (!person) throw new Error(`no test person for ${country}`);
  return person;
};

export default async function authRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(API.features.pattern, async (): Promise<Features> => ({
    showDummyLogin: app.config.sandbox,
    resursMerchantApiEnabled: app.config.features.resursMerchantApiEnabled,
  }));

  /**
   * Test environments only: log in without BankID. With a reference, as that application's
   * customer (or, when the merchant gave no national ID, as a test person of that name). The
   * route exists only in the sandbox, where every provider is simulated (config.ts); it counts
   * against the same limits as a BankID start.
   */
  if (app.config.sandbox) {
    api.post(API.dummyLogin.pattern, { schema: { body: dummyLoginBody } }, async (request, reply) => {
      const reference = request.body?.reference;
      await app.limits.check(reply, [
        { limit: 'identificationPerIp', key: addressKey(request.ip) },
        { limit: 'identificationPerApplication', key: reference },
      ]);
      let identity = identityOf(defaultPerson('NO'));

      if (reference) {
        const application = await app.repos.applications.findByReference(reference);
        const customer = application && (await app.repos.customers.findByApplicationId(application.id));
        if (!application || !customer) throw ApiError.notFound();
        const country = application.countryCode;
        if (customer.nationalId) {
          const person = TEST_PEOPLE.find((p) => p.nationalId === customer.nationalId);
          identity = identityOf({
            nationalId: customer.nationalId,
            country,
            firstName: person?.firstName ?? customer.firstName ?? 'Test',
            lastName: person?.lastName ?? customer.lastName ?? 'Person',
          });
        } else if (application.customerType === 'LEGAL' && customer.organisationNumber) {
          // A company without a named signatory: the test person the registry lets sign alone.
          const company = findTestCompany(customer.organisationNumber);
          identity = identityOf((company && soleSignatoriesOf(company)[0]) ?? defaultPerson(country));
        } else {
          const named = TEST_PEOPLE.find(
            (p) => p.country === country && namesMatch(customer, identityOf(p)),
          );
          const person = named ?? defaultPerson(country);
          identity = identityOf({
            ...person,
            firstName: customer.firstName ?? person.firstName,
            lastName: customer.lastName ?? person.lastName,
          });
        }
      }

      await logIn(request, identity, reference);
      request.log.info({ reference: reference ?? null, method: 'dummy' }, 'logged in');
      return { authenticated: true, firstName: identity.firstName };
    });
  }

  /**
   * Ends the session on the server; answers where the browser goes next (the merchant). Leaving
   * ends the session's own application only: a reference this person does not own stays as it was.
   */
  api.post(API.logout.pattern, async (request) => {
    const reference = request.session.activeReference;
    const identity = request.session.identity;
    let redirectUrl: string | null = null;
    if (reference && identity) {
      try {
        redirectUrl = (await leaveApplication(app, identity, reference)).redirectUrl;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
    if (identity || reference) await request.session.destroy();
    return { redirectUrl };
  });
}
