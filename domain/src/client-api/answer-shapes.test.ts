/**
 * answer-shapes.ts is the JSON Schema of every answer of the client API, generated from the zod
 * schemas of answers.ts (`UPDATE_ANSWER_SHAPES=1 npx vitest run --project domain answer-shapes`
 * rewrites it), and the web app's checker of it rejects exactly what zod rejects.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { buildBusinessApplication } from '../builders/applications';
import * as answers from './answers';
import * as flowShapes from './answer-shapes';
import * as afterDecisionShapes from './answer-shapes-after-decision';
import { ANSWER_SHAPE_KEYWORDS, answerIssues, type AnswerShape } from './check-answer';
import { CLIENT_API_ENDPOINTS } from './endpoints';

const FILE = new URL('./answer-shapes.ts', import.meta.url);
/**
 * The answers of the customer's own page (issue 32) in a file of their own: only those pages load
 * it, so the flow's pages do not carry their checkers (web/vite.config.ts, ADR 14).
 */
const AFTER_DECISION_FILE = new URL('./answer-shapes-after-decision.ts', import.meta.url);
const shapes = { ...flowShapes, ...afterDecisionShapes };

/** The answer schemas the endpoints use, by their export name in answers.ts. */
const answerSchemas = (Object.entries(answers) as [string, z.ZodMiniType][]).filter(([, schema]) =>
  CLIENT_API_ENDPOINTS.some((endpoint) => endpoint.response === schema),
);
const afterDecision = ([, schema]: [string, z.ZodMiniType]) =>
  CLIENT_API_ENDPOINTS.some((endpoint) => endpoint.response === schema && endpoint.tag === 'After the decision');
const shapeName = (schemaName: string) => schemaName.replace(/(AnswerSchema|Schema)$/, 'Answer');

/** The JSON Schema of an answer with only the keywords the web's checker reads. */
function shapeOf(schema: z.ZodMiniType): AnswerShape {
  const strip = (node: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === 'additionalProperties') continue;
      if (!(ANSWER_SHAPE_KEYWORDS as readonly string[]).includes(key)) throw new Error(`the web's checker does not read "${key}"`);
      if (key === 'properties') {
        out[key] = Object.fromEntries(Object.entries(value as Record<string, Record<string, unknown>>).map(([name, v]) => [name, strip(v)]));
      } else if (key === 'items') {
        out[key] = strip(value as Record<string, unknown>);
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  return strip(z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>) as AnswerShape;
}

function generated(which: 'flow' | 'after-decision'): string {
  const lines = [
    '// Generated from answers.ts by answer-shapes.test.ts: do not edit. The JSON Schema of each answer',
    '// of the client API, for the web client, which checks answers with check-answer.ts (ADR 21).',
    "import type * as z from 'zod/mini';",
    "import type * as answers from './answers';",
    "import { answerSchema, type AnswerSchema } from './check-answer';",
  ];
  for (const [name, schema] of answerSchemas.filter((entry) => afterDecision(entry) === (which === 'after-decision'))) {
    lines.push(
      '',
      `export const ${shapeName(name)}: AnswerSchema<z.output<typeof answers.${name}>> = /* @__PURE__ */ answerSchema(${JSON.stringify(shapeOf(schema))});`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('answer-shapes.ts', () => {
  it.each([
    ['flow', FILE],
    ['after-decision', AFTER_DECISION_FILE],
  ] as const)('is generated from the zod schemas of the answers (%s)', (which, file) => {
    const text = generated(which);
    if (process.env.UPDATE_ANSWER_SHAPES) writeFileSync(file, text);
    expect(readFileSync(file, 'utf8'), 'run UPDATE_ANSWER_SHAPES=1 npx vitest run --project domain answer-shapes').toBe(text);
  });

  it('has a checker for every answer of the client API', () => {
    expect(Object.keys(shapes).sort()).toEqual(answerSchemas.map(([name]) => shapeName(name)).sort());
  });
});

/** A valid answer of each kind, then every way to break it one field at a time. */
const application = buildBusinessApplication();
const validAnswers: [z.ZodMiniType, unknown][] = [
  [answers.featuresSchema, { showDummyLogin: true, resursMerchantApiEnabled: false }],
  [answers.paymentStatusAnswerSchema, { paymentStatus: 'FROZEN', redirectUrl: 'https://shop.test/return' }],
  [
    answers.loanApplicationsResponseSchema,
    {
      person: { firstName: 'Kari', lastName: 'Nordmann' },
      loanApplications: [
        {
          reference: 'ref-1', merchantId: 'demo', merchantName: 'Demo', merchantPaymentReference: 'order-1', callbackUrl: 'https://shop.test/cb',
          status: 'CREATED', version: 2, isRenewal: false,
          customer: { firstName: null, lastName: null, type: 'LEGAL', countryCode: 'NO', companyName: application.customer.companyName ?? 'AS', externalId: '923609016', phone: null, email: null, address: null, postalCode: null, city: null },
          loan: { loanAmount: 1000, loanPeriod: 36, renewalPeriod: null, currency: 'NOK', cost: null, totalAmount: 1100.5, interestRate: 9.9, effectiveInterestRate: null, totalMonthlyPayment: null, secciLinks: [{ url: '/x.pdf', label: 'SECCI' }], generalTermsLinks: [] },
          loanProduct: { provider: 'GRENKE' },
          creditAgency: null,
          items: [{ sku: 'A', name: 'Laptop', quantity: 1, unitPrice: 1000, serialNumber: null }],
        },
      ],
      consents: [{ type: 'PRIVACY_CONSENT', text: '<p>x</p>', version: '1', files: [] }],
      products: [],
      lenderAvailable: true,
    },
  ],
  [
    answers.signingSessionsSchema,
    { applicationStatus: 'SIGNING', orderId: 'o', packagingTaskId: null, packagingStatus: null, sessions: [{ taskId: 't', name: 'Kari', status: 'CREATED', signingUrl: 'https://sign.test' }], signedDocumentAvailable: false },
  ],
];

/** Each answer with one value replaced, or one key removed, anywhere in it. */
function* brokenVariants(value: unknown): Generator<unknown> {
  const wrongs = [null, 'text', 7, 7.5, true, [], {}];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      for (const variant of brokenVariants(value[i])) yield value.map((v, j) => (j === i ? variant : v));
    }
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const { [key]: _, ...without } = value as Record<string, unknown>;
      yield without;
      for (const variant of brokenVariants(inner)) yield { ...value, [key]: variant };
    }
    return;
  }
  for (const wrong of wrongs) yield wrong;
}

describe("the web's checker and zod", () => {
  const byName = new Map(answerSchemas.map(([name, schema]) => [schema, shapeName(name)]));
  it.each(validAnswers.map(([schema, value]) => [byName.get(schema) ?? '?', schema, value] as const))('agree on every broken %s', (name, schema, value) => {
    const shape = shapes[name as keyof typeof shapes];
    expect(schema.safeParse(value).success).toBe(true);
    expect(shape.safeParse(value).success).toBe(true);
    let compared = 0;
    for (const variant of brokenVariants(value)) {
      expect(shape.safeParse(variant).success, JSON.stringify(variant)).toBe(schema.safeParse(variant).success);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('names where an answer is wrong', () => {
    expect(answerIssues({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } }, required: ['a', 'b'] }, { a: ['x', 1] })).toEqual([
      { path: ['b'], message: 'required' },
      { path: ['a', 1], message: 'expected string, received integer' },
    ]);
  });
});
