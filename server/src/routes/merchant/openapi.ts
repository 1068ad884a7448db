/**
 * The parts of the merchant API's OpenAPI 3.1 document that are not routes: the webhook contract
 * (one `webhooks` entry per event type of the lifecycle table, the body schema from `domain/`,
 * the signature and how to check it, retries, ordering, de-duplication), the document's
 * licence, contact and tags. `npm test` lints the whole document with Redocly (redocly.yaml).
 */
import {
  MERCHANT_API,
  RATE_LIMITS,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_DELIVERY,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
  type WebhookEventType,
  webhookBodySchema,
  z,
} from '@portal/domain';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * Copy-paste checks of the Standard Webhooks headers with the specification's published
 * libraries; test/webhooks.test.ts runs the Node.js one against real deliveries.
 */
export const VERIFY_STANDARD_IN_NODE = `import { Webhook } from 'standardwebhooks';

// Your webhook secret (whsec_…), as the portal issued it.
const webhook = new Webhook(process.env.PORTAL_WEBHOOK_SECRET);

// rawBody: the request body exactly as received (a string or Buffer), before any JSON parsing.
// Answers the event; throws WebhookVerificationError if the portal did not sign this body, id and
// timestamp, or the timestamp is more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from your clock (a replay).
export function verifyPortalWebhook(rawBody, headers) {
  return webhook.verify(rawBody, headers);
}`;

export const VERIFY_STANDARD_IN_PYTHON = `import os

from standardwebhooks.webhooks import Webhook

# Your webhook secret (whsec_…), as the portal issued it.
webhook = Webhook(os.environ["PORTAL_WEBHOOK_SECRET"])


def verify_portal_webhook(raw_body: bytes, headers: dict):
    """raw_body: the request body exactly as received, before any JSON parsing.

    Answers the event; raises WebhookVerificationError if the portal did not sign this body, id
    and timestamp, or the timestamp is more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from your clock (a replay).
    """
    return webhook.verify(raw_body, headers)`;

/** Copy-paste checks of the portal's own signature; a test runs both against a real signature. */
export const VERIFY_IN_NODE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string), before any JSON parsing.
export function verifyPortalWebhook(secret, signatureHeader, rawBody, toleranceSeconds = ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS}) {
  const pairs = String(signatureHeader).split(',').map((part) => part.trim().split('=', 2));
  const timestamp = Number(pairs.find(([name]) => name === 't')?.[1]);
  const signatures = pairs.filter(([name]) => name === 'v1').map(([, value]) => Buffer.from(value ?? '', 'hex'));
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  // While a secret is being rotated there is one v1 per secret: any may match.
  return signatures.some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}`;

export const VERIFY_IN_PYTHON = `import hashlib
import hmac
import time


def verify_portal_webhook(secret: str, signature_header: str, raw_body: bytes, tolerance_seconds: int = ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS}) -> bool:
    """raw_body: the request body exactly as received (bytes), before any JSON parsing."""
    pairs = [part.strip().split("=", 1) for part in signature_header.split(",") if "=" in part]
    timestamps = [value for name, value in pairs if name == "t"]
    signatures = [value for name, value in pairs if name == "v1"]
    try:
        timestamp = int(timestamps[0])
    except (IndexError, ValueError):
        return False
    if not signatures or abs(time.time() - timestamp) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), str(timestamp).encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    # While a secret is being rotated there is one v1 per secret: any may match.
    return any(hmac.compare_digest(expected, signature) for signature in signatures)`;

/** Each retry's delay window, from the queue's rule: the first delay, doubling, plus up to as much again. */
function retrySchedule(): string {
  const rows: string[] = [];
  let earliest = 0;
  let latest = 0;
  for (let retry = 1; retry <= WEBHOOK_DELIVERY.retries; retry += 1) {
    const base = WEBHOOK_DELIVERY.firstRetryDelaySeconds * 2 ** (retry - 1);
    earliest += base;
    latest += base * 2;
    rows.push(`| ${retry} | ${duration(base)} – ${duration(base * 2)} | ${duration(earliest)} – ${duration(latest)} |`);
  }
  return ['| retry | delay after the previous attempt | after the first attempt |', '|---|---|---|', ...rows].join('\n');
}

function duration(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toFixed(1)} h`;
}

const EVENT_MEANINGS: Readonly<Record<WebhookEventType, string>> = {
  'application.submitted': 'The customer applied; the application is with the lender, which has not decided yet.',
  'application.pending': 'A person at the lender reviews the application (manual review) before it can be signed, or after signing.',
  'application.approved': 'The lender approved the application; the customer signs next.',
  'application.signing': 'The customer was sent to sign.',
  'application.signing_failed': 'A signing attempt failed (declined, cancelled or expired); the customer may try again.',
  'application.signed': 'Every signature is in; the lender\u2019s final answer is still to come.',
  'application.completed': 'The lender granted the application: the payment status is final. Deliver the order.',
  'application.declined': 'The lender declined the application.',
  'application.cancelled': 'Cancelled by the customer before applying, by the merchant, or by the lender.',
  'application.failed': 'Not signed: the customer left or the signing was closed.',
  'payment.captured': 'A capture the merchant asked for is done: the lender pays the merchant that amount. `data.operation` and `data.money` say which and how much.',
  'payment.refunded': 'A refund the merchant asked for is done: the lender pays the customer back that amount.',
  'payment.cancelled': 'What was not captured is cancelled at the lender (all of it, or the amount asked for): it will never be captured.',
  'payment.operation_failed': 'A money operation the portal accepted was refused by the lender, or could not be sent before it gave up: nothing moved. `data.operation.failure` says why.',
  'lease.delivery_confirmed': 'The lease\u2019s delivery is confirmed at the lender: the lease starts.',
  'application.withdrawn': 'The consumer withdrew from the credit agreement within the withdrawal period (14 days, or your longer return period), on the portal\u2019s own page. The credit ends; the purchase itself does not: arrange the return of the goods as your terms say. Final: nothing more can be captured.',
};

const CONTRACT = `Every change of an application the merchant must hear of is POSTed to the application's \`webhookUrl\` as JSON.

**Signatures.** Every webhook is signed twice with your webhook secret: in the [Standard Webhooks](https://www.standardwebhooks.com) headers, which that specification's published libraries check for you, and in the portal's own \`${WEBHOOK_HEADERS.signature}\` header, which shops built before check. Check either one. After your secret is rotated, the previous one signs too for a grace period: each signature header then carries one signature per secret, and any one matching yours is valid.

**Standard Webhooks** ([the specification](https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md)). \`${STANDARD_WEBHOOK_HEADERS.id}\` is the event's id (as \`id\` in the body), \`${STANDARD_WEBHOOK_HEADERS.timestamp}\` the attempt's time in unix seconds, and \`${STANDARD_WEBHOOK_HEADERS.signature}\` is \`v1,\` and the base64 HMAC-SHA256 of \`<${STANDARD_WEBHOOK_HEADERS.id}>.<${STANDARD_WEBHOOK_HEADERS.timestamp}>.<raw body>\`, keyed with the bytes your secret encodes (during a rotation, one such value per secret, separated by a space). The specification's libraries (JavaScript/TypeScript, Python, Go, Java/Kotlin, Ruby, PHP, Rust, C#, Elixir) take your secret as it is, compare in constant time and refuse a timestamp more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS / 60} minutes from your clock.

Node.js (\`npm install standardwebhooks\`):

\`\`\`js
${VERIFY_STANDARD_IN_NODE}
\`\`\`

Python (\`pip install standardwebhooks\`):

\`\`\`python
${VERIFY_STANDARD_IN_PYTHON}
\`\`\`

**Your webhook secret** is \`whsec_\` and 32 random bytes in base64, the form Standard Webhooks gives secrets. A secret with \`-\` or \`_\` after \`whsec_\` was issued before the portal sent these headers: it holds its bytes in base64url, which the libraries do not read. Give them the same bytes in base64 (in Node.js \`'whsec_' + Buffer.from(secret.slice(6), 'base64url').toString('base64')\`, in Python \`'whsec_' + base64.b64encode(base64.urlsafe_b64decode(secret[6:] + '==')).decode()\`), or ask for a new secret. The portal's own signature is keyed with the secret's whole text as issued, \`whsec_\` included, whatever its form.

**The portal's own signature.** The \`${WEBHOOK_HEADERS.signature}\` header is \`t=<unix seconds>,v1=<signature>\`, where the signature is the hex HMAC-SHA256 of \`<t>.<raw body>\` keyed with your webhook secret. Compute it over the body exactly as received, compare in constant time, and refuse a \`t\` more than ${WEBHOOK_SIGNATURE_TOLERANCE_SECONDS} seconds from your clock (replays). During a rotation the header carries one \`v1=\` per secret.

Node.js:

\`\`\`js
${VERIFY_IN_NODE}
\`\`\`

Python:

\`\`\`python
${VERIFY_IN_PYTHON}
\`\`\`

**Delivery and retries.** At least once. Answer any 2xx within ${WEBHOOK_DELIVERY.timeoutSeconds} seconds and the event is delivered; any other answer, a timeout or no connection is tried again up to ${WEBHOOK_DELIVERY.retries} times, each delay twice the one before plus up to as much again at random. A delivery cut short because the sending instance stopped counts as a failed attempt after ${WEBHOOK_DELIVERY.expirySeconds} seconds and is retried the same way. Redirects are not followed.

${retrySchedule()}

**De-duplication.** \`id\` (also in the \`${WEBHOOK_HEADERS.eventId}\` and \`${STANDARD_WEBHOOK_HEADERS.id}\` headers) is the event's id, the same in every attempt: keep the ids you have processed and answer 2xx again for one you have seen.

**Ordering.** One application's events are sent one after another, in their order; a retried event can still arrive after a later one. \`sequence\` grows with every event, in the order the changes were committed: keep the highest \`sequence\` you have applied per application and ignore an event with a lower one (or read the current state with \`GET ${MERCHANT_API.application.pattern.replace(/:(\w+)/g, '{$1}')}\`).

New fields may be added to the body; ignore those you do not know.`;

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses) of a domain schema, without its \`$schema\` key. */
function jsonSchemaOf(schema: z.ZodMiniType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function webhookOperation(type: WebhookEventType): OpenAPIV3_1.PathItemObject {
  const name = type.replace(/^application\./, '').replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
  return {
    post: {
      operationId: `webhookApplication${name.charAt(0).toUpperCase()}${name.slice(1)}`,
      summary: type,
      description: `${EVENT_MEANINGS[type]}\n\nSee the Webhooks tag for the signature, retries, ordering and de-duplication.`,
      tags: ['Webhooks'],
      // Either signature: a merchant checks the one it likes.
      security: [{ standardWebhooks: [] }, { webhookSignature: [] }],
      parameters: [
        {
          name: WEBHOOK_HEADERS.eventId,
          in: 'header',
          required: true,
          description: 'The event id, as `id` in the body: de-duplicate on it.',
          schema: { type: 'string' },
        },
        {
          name: STANDARD_WEBHOOK_HEADERS.id,
          in: 'header',
          required: true,
          description: 'Standard Webhooks: the event id again, signed with the body.',
          schema: { type: 'string' },
        },
        {
          name: STANDARD_WEBHOOK_HEADERS.timestamp,
          in: 'header',
          required: true,
          description: 'Standard Webhooks: when this attempt was sent, in unix seconds, signed with the body.',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { allOf: [ref('WebhookEvent'), { type: 'object', properties: { type: { const: type } } }] },
          },
        },
      },
      responses: {
        '2XX': { description: 'Received: the event is delivered and not sent again.' },
        '4XX': { description: 'Refused (e.g. a bad signature): tried again later, as every answer that is not 2xx.' },
        '5XX': { description: 'Failed: tried again later.' },
      },
    },
  };
}

/**
 * The rate limit's answer headers (ADR 15; the names are plugins/rate-limits.ts'): on every
 * answer to a call with a valid key, and Retry-After on a 429.
 */
const RATE_LIMIT_HEADERS: Record<string, OpenAPIV3_1.HeaderObject> = {
  'RateLimit-Limit': {
    description: `How many calls this API key may make per window (${RATE_LIMITS.merchantApiPerKey.points} per ${RATE_LIMITS.merchantApiPerKey.windowSeconds} seconds unless agreed otherwise).`,
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': { description: 'How many calls are left in the current window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends and the count starts again.', schema: { type: 'integer', minimum: 1 } },
};
const RETRY_AFTER: OpenAPIV3_1.HeaderObject = {
  description: 'Seconds to wait before calling again.',
  schema: { type: 'integer', minimum: 1 },
};

const RATE_LIMITING = `**Rate limits.** Each API key may make ${RATE_LIMITS.merchantApiPerKey.points} calls per ${RATE_LIMITS.merchantApiPerKey.windowSeconds} seconds, counted across every server of the portal. Every answer to a call with a valid key carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window ends); over the limit the answer is \`429\` with \`errorCode\` \`TOO_MANY_REQUESTS\` and \`Retry-After\` (seconds). Calls with a wrong or missing key are counted per address and per key prefix; after ${RATE_LIMITS.merchantAuthFailuresPerIp.points} within ${RATE_LIMITS.merchantAuthFailuresPerIp.windowSeconds / 60} minutes they get \`429\` instead of \`401\` until the window ends. A valid key is always served, whatever else its address sent. Back off and retry after the time given; use the webhooks rather than polling an application's status.`;

/** What `withRateLimitHeaders` reads and writes of an OpenAPI document (any 3.x version). */
interface DocumentWithResponses {
  paths?: Record<
    string,
    | Partial<Record<'get' | 'put' | 'post' | 'delete' | 'patch', { responses?: Record<string, { $ref: string } | { headers?: Record<string, unknown> } | undefined> }>>
    | undefined
  >;
}

/**
 * Adds the rate limit's headers to every answer of every operation of the API (the routes'
 * schemas describe bodies only): RateLimit-* wherever a key was recognised, Retry-After on 429.
 */
export function withRateLimitHeaders<T extends DocumentWithResponses>(document: T): T {
  for (const path of Object.values(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const responses = path?.[method]?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (!response || '$ref' in response) continue;
        // A 401 comes before the key is known: no count of its own to report.
        const counted = status === '401' ? {} : { ...RATE_LIMIT_HEADERS };
        response.headers = { ...response.headers, ...counted, ...(status === '429' ? { 'Retry-After': RETRY_AFTER } : {}) };
      }
    }
  }
  return document;
}

type Example = { summary: string; value: unknown };
type WithExamples = { requestBody?: { content?: Record<string, { examples?: Record<string, Example> }> }; responses?: Record<string, unknown> };

const operationExample = (kind: string, amount: number | null, state: string, lines: { sku: string; quantity: number }[] = []) => ({
  id: '6f1c2f0e-8d4b-4c1e-9a77-0b6f3d2a9c11',
  kind,
  state,
  amount,
  lines,
  createdAt: '2026-11-27T10:15:30.000Z',
  completedAt: state === 'pending' ? null : '2026-11-27T10:15:31.000Z',
  failure: null,
});
const moneyExample = (captured: number, refunded: number, cancelled: number, settlement: string) => ({ currency: 'NOK', authorized: 15000, captured, refunded, cancelled, settlement });

/** Examples of the money operations' requests and answers, by path. */
const MONEY_EXAMPLES: Readonly<Record<string, { request: Record<string, Example>; response?: Record<string, Example> }>> = {
  [MERCHANT_API.capture.pattern]: {
    request: {
      all: { summary: 'Everything still open (the whole order shipped)', value: {} },
      lines: { summary: 'Some items (a partial delivery)', value: { lines: [{ sku: 'PHN-128', quantity: 1 }] } },
      amount: { summary: 'An amount', value: { amount: 2500 } },
    },
    response: {
      done: { summary: 'Captured at the lender', value: { operation: operationExample('capture', 10000, 'done', [{ sku: 'PHN-128', quantity: 1 }]), money: moneyExample(10000, 0, 0, 'PARTLY_CAPTURED') } },
      pending: { summary: 'Kept; the lender could not be reached (202): a webhook follows', value: { operation: operationExample('capture', 2500, 'pending'), money: moneyExample(10000, 0, 0, 'PARTLY_CAPTURED') } },
    },
  },
  [MERCHANT_API.refund.pattern]: {
    request: {
      lines: { summary: 'Returned items', value: { lines: [{ sku: 'CASE-1', quantity: 1 }] } },
      all: { summary: 'Everything captured and not refunded', value: {} },
    },
    response: { done: { summary: 'Refunded at the lender', value: { operation: operationExample('refund', 2500, 'done', [{ sku: 'CASE-1', quantity: 1 }]), money: moneyExample(12500, 2500, 0, 'PARTLY_CAPTURED') } } },
  },
  [MERCHANT_API.cancel.pattern]: {
    request: {
      before: { summary: 'Before the lender granted it: no body', value: {} },
      rest: { summary: 'A granted credit: cancel what is not captured', value: {} },
      amount: { summary: 'A granted credit: cancel an amount of what is not captured', value: { amount: 2500 } },
    },
  },
  [MERCHANT_API.confirmDelivery.pattern]: {
    request: { delivered: { summary: 'Delivered today, with the serial number of each unit', value: { deliveredOn: '2026-11-27', serialNumbers: [{ sku: 'OFF-KIT', serialNumber: 'SN-4711' }] } } },
    response: { done: { summary: 'The lessor has the delivery', value: { operation: operationExample('confirm-delivery', null, 'done'), money: null } } },
  },
};

/** Adds the money operations' examples to the document (the routes' schemas carry shapes only). */
export function withMoneyExamples<T extends { paths?: Record<string, unknown> }>(document: T, toPath: (pattern: string) => string): T {
  for (const [pattern, examples] of Object.entries(MONEY_EXAMPLES)) {
    const operation = (document.paths?.[toPath(pattern)] as { post?: WithExamples } | undefined)?.post;
    if (!operation) continue;
    operation.requestBody ??= {};
    operation.requestBody.content ??= {};
    operation.requestBody.content['application/json'] = { ...operation.requestBody.content['application/json'], examples: examples.request };
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!examples.response || !['200', '202'].includes(status)) continue;
      const content = (response as { content?: Record<string, { examples?: Record<string, Example> }> }).content?.['application/json'];
      if (!content) continue;
      const wanted = Object.fromEntries(Object.entries(examples.response).filter(([name]) => (status === '202') === (name === 'pending')));
      if (Object.keys(wanted).length > 0) content.examples = wanted;
    }
  }
  return document;
}

/** The `openapi` options of @fastify/swagger: everything of the document that is not a route. */
export function merchantOpenApi(publicUrl: string): Partial<OpenAPIV3_1.Document> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Loan and leasing subscription portal: merchant API',
      version: '1.0.0',
      description:
        'Create an application from checkout and follow it. Authenticate with `Authorization: Bearer <API key>`. ' +
        'Send the customer to `applyUrl`; they come back to `callbackUrl` with `outcome` and `merchantPaymentReference`. ' +
        'Changes are also sent to `webhookUrl`: see the Webhooks tag.\n\n' +
        RATE_LIMITING,
      license: { name: 'Proprietary: use under your merchant agreement with the portal operator', identifier: 'LicenseRef-Merchant-Agreement' },
      contact: { name: 'Merchant integration support of the portal operator', url: `${publicUrl}${MERCHANT_API.docs.pattern}` },
    },
    servers: [{ url: publicUrl, description: 'This portal' }],
    tags: [
      { name: 'Applications', description: 'Create applications, read their status and timeline, cancel them.' },
      {
        name: 'After the sale',
        description:
          'Capture a granted consumer credit as goods ship (all, some items, or an amount), refund what comes back, cancel what will never ship, and confirm a lease\'s delivery. Each is idempotent by its `Idempotency-Key`, kept before it is sent, retried while the lender is down, and followed by a `payment.*` or `lease.*` webhook.',
      },
      { name: 'Webhooks', description: CONTRACT },
    ],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Your merchant API key.' },
        standardWebhooks: {
          type: 'apiKey',
          in: 'header',
          name: STANDARD_WEBHOOK_HEADERS.signature,
          description: 'How the portal signs webhooks to you, by Standard Webhooks: check it with their libraries and your webhook secret (see the Webhooks tag).',
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: WEBHOOK_HEADERS.signature,
          description: 'How the portal signs webhooks to you, its own way: HMAC-SHA256 with your webhook secret (see the Webhooks tag).',
        },
      },
      schemas: {
        WebhookEvent: { ...jsonSchemaOf(webhookBodySchema), description: 'The body of every webhook.' },
      },
    },
    security: [{ apiKey: [] }],
    webhooks: Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, webhookOperation(type)])),
  };
}
