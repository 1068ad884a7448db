import { describe, expect, it } from 'vitest';
import { buildApplication } from '@/testing/applications';
import { applyVariant } from './variant';

describe('applyVariant (spec section 2)', () => {
  it('is business for customer type legal, whatever the version', () => {
    expect(applyVariant(buildApplication({ customer: { type: 'LEGAL' }, version: 2 }))).toBe('business');
    expect(applyVariant(buildApplication({ customer: { type: 'LEGAL' }, version: 1 }))).toBe('business');
  });

  it('is consumer version 2 for a private customer on version 2, else version 1', () => {
    expect(applyVariant(buildApplication({ version: 2 }))).toBe('consumer-v2');
    expect(applyVariant(buildApplication({ version: 1 }))).toBe('consumer-v1');
  });
});
