import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { violations } from '../index';
import { fixtures } from '../fixtures';
import {
  AWAITING_DELIVERY_CONFIRMATION,
  calculateAnswer,
  calculateRequest,
  createRequest,
  errorAnswer,
  eSignatureRequest,
  generateContractRequest,
  legalFormsAnswer,
  objectTypesAnswer,
  requestAnswer,
  STATES,
  uploadDocumentRequest,
} from './schemas';

/** Each example read by the schema of its call: the transcription agrees with itself. */
describe('GRENKE: the (third-party) examples fit the transcribed shapes', () => {
  const shapes: Record<string, { request?: z.ZodType; answer?: z.ZodType }> = {
    calculate: { request: calculateRequest, answer: calculateAnswer },
    'calculate-no-condition-list': { request: calculateRequest, answer: errorAnswer },
    legalforms: { answer: legalFormsAnswer },
    objecttypes: { answer: objectTypesAnswer },
    'create-request': { request: createRequest, answer: requestAnswer },
    'get-request': { answer: requestAnswer },
    'get-request-awaiting-delivery': { answer: requestAnswer },
    'get-request-contracted': { answer: requestAnswer },
    'generate-contract': { request: generateContractRequest },
    'generate-contract-exists': { request: generateContractRequest, answer: errorAnswer },
    'contract-document': {},
    'upload-document': { request: uploadDocumentRequest },
    'upload-delivery-confirmation': { request: uploadDocumentRequest },
    'start-e-signature': { request: eSignatureRequest },
    'error-validation': { answer: errorAnswer },
  };

  it.each(fixtures('grenke').map((f) => [f.name, f.fixture] as const))('%s', (name, example) => {
    const shape = shapes[name];
    expect(shape, `no shape for ${name}`).toBeDefined();
    if (shape?.request) expect(violations(shape.request, example.request)).toEqual([]);
    if (shape?.answer) expect(violations(shape.answer, example.answer)).toEqual([]);
  });

  it('knows the 17 states', () => {
    expect(new Set(STATES).size).toBe(17);
    expect(STATES).toContain(AWAITING_DELIVERY_CONFIRMATION);
  });

  it("holds GRENKE's own delivery confirmation to its signees: a lessee's signee by name, e-mail and mobile", () => {
    const example = fixtures('grenke').find((f) => f.name === 'start-e-signature')?.fixture.request as { CustomerDeliveryConfirmationSignees: { Title: string }[] };
    const signee = example.CustomerDeliveryConfirmationSignees[0];
    expect(violations(eSignatureRequest, { ...example, CustomerDeliveryConfirmationSignees: [{ ...signee, Title: 'Sir' }] })).toEqual([
      expect.stringMatching(/^\$\.CustomerDeliveryConfirmationSignees\.0\.Title: /),
    ]);
    expect(violations(eSignatureRequest, { ...example, DeliveryDate: '2026-11-27' })).not.toEqual([]);
  });

  it('refuses what the notes say GRENKE refuses', () => {
    const example = fixtures('grenke').find((f) => f.name === 'create-request')?.fixture.request as { FinancingAmount: number; ProductType: string };
    expect(violations(createRequest, { ...example, ProductType: 'Leasing' })).toEqual([expect.stringMatching(/^\$\.ProductType: /)]);
    expect(violations(createRequest, { ...example, FinancingAmount: example.FinancingAmount + 0.01 })).toEqual([expect.stringMatching(/^\$\.FinancingAmount: /)]);
  });
});
