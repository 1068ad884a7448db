import { describe, expect, it } from 'vitest';
import { shapeDiff } from './shape';
import { fixtures } from './fixtures';

describe('shapeDiff', () => {
  const published = { content: [{ id: 'a', legalLinks: [{ url: 'u', type: 'SECCI', appendAmount: true }] }, { id: 'b', extra: null }] };

  it('accepts an answer with the published fields, fewer of them, or nulls', () => {
    expect(shapeDiff(published, { content: [{ id: 'x', legalLinks: [] }, { id: 'y', extra: { any: 1 } }] })).toEqual([]);
    expect(shapeDiff(published, { content: [{ id: null }] })).toEqual([]);
  });

  it('names a field the example does not have, and a value of another type', () => {
    expect(shapeDiff(published, { paymentMethods: [] })).toEqual(['$.paymentMethods: not in the published example']);
    expect(shapeDiff(published, { content: [{ id: 1, legalLinks: [{ url: 'u', type: 'SEKKI', needToAppendPriceLast: true }] }] })).toEqual([
      '$.content[0].id: number where the published example has string',
      '$.content[0].legalLinks[0].needToAppendPriceLast: not in the published example',
    ]);
  });
});

describe('every fixture', () => {
  it('names its source and the day it was read, and holds an example or says why there is none', () => {
    // fixtures() parses each file with its header schema and throws on one that does not say.
    const all = fixtures();
    expect(all.length).toBeGreaterThan(0);
    // An example, or a note saying why the provider publishes none for the call.
    for (const { provider, name, fixture } of all) expect(fixture.request !== undefined || fixture.answer !== undefined || fixture.note !== undefined, `${provider}/${name}`).toBe(true);
  });
});
