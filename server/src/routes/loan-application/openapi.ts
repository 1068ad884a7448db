/**
 * The client API's OpenAPI 3.1 document (ADR 21), made from the contract's table in domain/
 * (CLIENT_API_ENDPOINTS: paths, schemas, names and summaries), so it cannot describe another API
 * than the one the server's tests check and the web app parses. `npm test` lints it with Redocly
 * (redocly.yaml), as the merchant API's.
 */
import {
  API,
  type ClientApiEndpoint,
  type ClientApiTag,
  CLIENT_API_ENDPOINTS,
  apiErrorBodySchema,
  z,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/sessions';

/** A JSON object of the document (openapi-types' 3.1 types do not take JSON Schema 2020-12's `const`). */
type Json = Record<string, unknown>;

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) of a domain schema, without its `$schema` key. */
function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const TAGS: Record<ClientApiTag, string> = {
  Session: 'Identification with BankID, the session, and which parts of the app are on.',
  Applications: "The identified person's applications, and which one the session works on.",
  Apply: 'Sending the apply form to the lender, renewals, and leaving for the merchant.',
  Signing: "Signing the agreement: Resurs' signing page, or the business contract's signing sessions.",
  Payment: 'The waiting screen: the payment status until it is final.',
  'After the decision': "The customer's own page: every application of the identified person, a review by a person of a decline, and the withdrawal from a concluded agreement.",
  Sandbox: 'Test environments only (the routes do not exist elsewhere).',
};

/** `:param` (Fastify, React Router) to `{param}` (OpenAPI). */
const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, '{$1}');

function parametersOf(endpoint: ClientApiEndpoint): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [['path', endpoint.params], ['query', endpoint.querystring]] as const) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    const required = new Set(json.required ?? []);
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: property });
    }
  }
  if (endpoint.method !== 'GET') {
    out.push({
      name: 'X-Requested-With',
      in: 'header',
      required: true,
      description: 'Every call that changes something carries it; without it the answer is 403 (a form of another site cannot set it).',
      schema: { type: 'string', const: 'XMLHttpRequest' },
    });
  }
  return out;
}

const APPLY_FORM_BODY: Json = {
  type: 'object',
  description:
    "The apply form: contact details and consents. Which fields are required and their patterns (phone, postal code) depend on the application's country and customer type; the rules are `applyFormSchema` in domain/src/schemas/apply-form.ts, and a refusal names each wrong field in `fieldErrors`.",
};

function requestBodyOf(endpoint: ClientApiEndpoint): Json | undefined {
  if (!endpoint.body) return undefined;
  const schema = endpoint.body === 'applyForm' ? APPLY_FORM_BODY : jsonSchemaOf(endpoint.body, 'input');
  return { required: endpoint.body === 'applyForm', content: { 'application/json': { schema } } };
}

const error = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

function operationOf(endpoint: ClientApiEndpoint): Json {
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    parameters: parametersOf(endpoint),
    ...(endpoint.body ? { requestBody: requestBodyOf(endpoint) } : {}),
    responses: {
      '200': { description: 'OK', content: { 'application/json': { schema: jsonSchemaOf(endpoint.response, 'output') } } },
      '400': error('Bad input, or a step the application is not at (REQUEST_ERROR with fieldErrors, or a more specific code).'),
      '401': error('No identified person in this session.'),
      '403': error('A call that changes something without X-Requested-With, or an application of someone else.'),
      '404': error('No such application for this person.'),
      '429': error('Too many calls: try again after Retry-After seconds.'),
      '503': error("The lender or another outside service cannot be reached (WEB_SERVICE_DOWN)."),
    },
  };
}

export function clientOpenApi(publicUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const endpoint of CLIENT_API_ENDPOINTS) {
    const path = (paths[openApiPath(endpoint.path)] ??= {});
    path[endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loan and leasing subscription portal: client API',
      version: '1.0.0',
      description:
        "The API the portal's own web app calls, in the customer's browser session: not a public integration API (merchants use the merchant API). " +
        `A session starts with a BankID identification; its cookie (\`${SESSION_COOKIE}\`) then authenticates every call. ` +
        'Answers are in the language of `Accept-Language`. Every 4xx and 5xx has the ApiError shape. An answer may carry a ' +
        '`redirect-url` header, which the web app follows at once. The schemas are the contract in domain/src/client-api.',
      license: { name: 'Proprietary: part of the portal, for its own web app', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The portal operator', url: `${publicUrl}${API.openApi.pattern}` },
    },
    servers: [{ url: publicUrl, description: 'This portal' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by the identification.' },
      },
      schemas: {
        ApiError: { ...jsonSchemaOf(apiErrorBodySchema, 'output'), description: 'Every 4xx and 5xx answer.' },
      },
    },
    security: [{ session: [] }],
  };
}

/** Serves the document; outside the session scope, as it reads no session. */
export async function clientApiDocs(app: FastifyInstance) {
  const document = clientOpenApi(app.config.publicUrl);
  app.get(API.openApi.pattern, async () => document);
}
