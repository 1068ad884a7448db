import { describe, expect, it } from 'vitest';
import { parseDataKeys, personalData, SealedValueError } from './personal-data';

const key = (id: string, fill: number) => ({ id, key: Buffer.alloc(32, fill) });
const lookup = Buffer.alloc(32, 9);

describe('sealed personal data', () => {
  const sealer = personalData({ encryption: [key('k1', 1)], lookup });

  it('opens what it sealed, and each sealing of the same value differs', () => {
    const a = sealer.seal('customers.email', 'kari@example.com');
    const b = sealer.seal('customers.email', 'kari@example.com');
    expect(a).toMatch(/^pd1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('kari');
    expect(sealer.open('customers.email', a)).toBe('kari@example.com');
    expect(sealer.openJson(`x`, sealer.sealJson('x', { nationalId: '18087248794' }))).toEqual({ nationalId: '18087248794' });
  });

  it('refuses a value moved to another column, changed, or sealed by a key it does not have', () => {
    const sealed = sealer.seal('customers.national_id', '18087248794');
    expect(() => sealer.open('customers.phone', sealed)).toThrow(SealedValueError);
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(() => sealer.open('customers.national_id', flipped)).toThrow(SealedValueError);
    expect(() => sealer.open('customers.national_id', '18087248794')).toThrow(/not a sealed value/);
    const other = personalData({ encryption: [key('k2', 2)], lookup });
    expect(() => other.open('customers.national_id', sealed)).toThrow(/key k1 is not configured/);
  });

  it('rotates: the first key seals, every listed key opens', () => {
    const rotated = personalData({ encryption: [key('k2', 2), key('k1', 1)], lookup });
    const old = sealer.seal('p', 'value');
    expect(rotated.open('p', old)).toBe('value');
    expect(rotated.isCurrent(old)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('p', 'value'))).toBe(true);
    expect(rotated.seal('p', 'value')).toMatch(/^pd1\.k2\./);
  });

  it('hashes a national ID the same way every time, and differently under another lookup key', () => {
    const hash = sealer.nationalIdHash('18087248794');
    expect(hash).toBe(personalData({ encryption: [key('k2', 2)], lookup }).nationalIdHash('18087248794'));
    expect(hash).not.toBe(sealer.nationalIdHash('27028809552'));
    const relooked = personalData({ encryption: [key('k1', 1)], lookup: Buffer.alloc(32, 8) });
    expect(relooked.nationalIdHash('18087248794')).not.toBe(hash);
    expect(relooked.lookupFingerprint).not.toBe(sealer.lookupFingerprint);
    // While the new key's rotation runs, a person is found by either hash, the new one first.
    const rotating = personalData({ encryption: [key('k1', 1)], lookup: Buffer.alloc(32, 8), earlierLookup: [lookup] });
    expect(rotating.nationalIdHashes('18087248794')).toEqual([relooked.nationalIdHash('18087248794'), hash]);
    expect(rotating.lookupFingerprint).toBe(relooked.lookupFingerprint);
  });
});

describe('DATA_ENCRYPTION_KEYS', () => {
  it('reads id:base64 pairs, and names every problem without showing a key', () => {
    const good = Buffer.alloc(32, 3).toString('base64');
    expect(parseDataKeys(`2026b:${good}, 2026a:${good}`).keys.map((k) => k.id)).toEqual(['2026b', '2026a']);
    const { problems } = parseDataKeys(`bad id:${good},k:short,k:${good}`);
    expect(problems).toEqual([
      expect.stringMatching(/key 1: needs an id/),
      expect.stringMatching(/key 2: must be 32 bytes/),
      expect.stringMatching(/key 3: id k is used twice/),
    ]);
    expect(problems.join(' ')).not.toContain(good);
    expect(parseDataKeys('').problems).toEqual(['no key given']);
  });
});
