import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type EvidenceBody, type EvidenceEntry, entryHash, evidenceFileText, genesisHash, verifyEvidenceText } from './evidence-chain';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A chain built by hand, as a third party reads the rules in the file's header. */
function chain(reference: string, datas: Record<string, unknown>[]): EvidenceEntry[] {
  const entries: EvidenceEntry[] = [];
  let prevHash = sha256(`portal-evidence:${reference}`);
  datas.forEach((data, index) => {
    const body: EvidenceBody = { seq: index + 1, at: `2026-11-28T01:0${index}:00.000Z`, kind: index === 0 ? 'shown' : 'consent', sessionRef: 'ab'.repeat(16), data, prevHash };
    const hash = entryHash(body);
    entries.push({ ...body, hash });
    prevHash = hash;
  });
  return entries;
}

const INFO = { application: 'ref-123', merchantId: 'demo', merchantPaymentReference: 'order-1', lender: 'RESURS_V2', exportedAt: '2026-11-28T02:00:00.000Z' };
const DATAS = [
  { screen: 'apply', facts: { loanAmount: 15000, interestRate: 9.95, currency: 'NOK' }, documents: [{ name: 'secci', sha256: null }] },
  { type: 'PRIVACY_CONSENT', accepted: true, text: 'Jeg har lest <a href="/x">personvernerklæringen</a> – «ja»', textSha256: sha256('x') },
  { type: 'PERSONAL_INFO_CONSENT', accepted: false, nested: { b: 1, a: [1e21, 0.1, -0, 'é', '\u2028'] } },
];

describe('the evidence chain', () => {
  it('hashes the RFC 8785 form of an entry without its hash: members sorted, no whitespace', () => {
    const [first] = chain('ref-123', [{ b: 2, a: 'é' }]);
    const jcs = `{"at":"2026-11-28T01:00:00.000Z","data":{"a":"é","b":2},"kind":"shown","prevHash":"${sha256('portal-evidence:ref-123')}","seq":1,"sessionRef":"${'ab'.repeat(16)}"}`;
    expect(first?.hash).toBe(sha256(jcs));
    expect(first?.prevHash).toBe(genesisHash('ref-123'));
  });

  it('verifies the file it writes', () => {
    const entries = chain('ref-123', DATAS);
    const result = verifyEvidenceText(evidenceFileText(INFO, entries));
    expect(result).toEqual({ outcome: 'verified', application: 'ref-123', entries: 3, headHash: entries[2]?.hash });
    expect(verifyEvidenceText(evidenceFileText(INFO, []))).toMatchObject({ outcome: 'verified', entries: 0 });
  });

  it('fails to verify after any one byte is changed, anywhere in the file', () => {
    const text = evidenceFileText(INFO, chain('ref-123', DATAS));
    const bytes = Buffer.from(text, 'utf8');
    const passed: number[] = [];
    for (let i = 0; i < bytes.length; i += 1) {
      const changed = Buffer.from(bytes);
      changed[i] = changed[i] === 0x61 ? 0x62 : 0x61;
      if (verifyEvidenceText(changed.toString('utf8')).outcome === 'verified') passed.push(i);
    }
    expect(passed).toEqual([]);
  });

  it('names the changed entry', () => {
    const text = evidenceFileText(INFO, chain('ref-123', DATAS));
    const changed = text.replace('"accepted":true', '"accepted":false');
    const result = verifyEvidenceText(changed);
    expect(result.outcome).toBe('broken');
    expect(result.outcome === 'broken' && result.problems[0]).toMatch(/^entry 2 \(seq 2\): hash mismatch/);
  });

  it('notices an entry removed, entries reordered, and entries cut off the end', () => {
    const entries = chain('ref-123', DATAS);
    const [a, b, c] = entries as [EvidenceEntry, EvidenceEntry, EvidenceEntry];
    const removed = verifyEvidenceText(evidenceFileText(INFO, [a, c]).replace(/"entries": 2/, '"entries": 3'));
    expect(removed.outcome === 'broken' && removed.problems.join('\n')).toMatch(/entry 2 \(seq 3\): out of order/);
    const reordered = verifyEvidenceText(evidenceFileText(INFO, [a, c, b]));
    expect(reordered.outcome === 'broken' && reordered.problems[0]).toMatch(/entry 2 \(seq 3\)/);
    // Cut from the end and re-headed by someone: the chain holds, the header's digest does not.
    const cut = evidenceFileText(INFO, [a, b]);
    const original = JSON.parse(evidenceFileText(INFO, entries)) as { header: { digest: string } };
    const forged = cut.replace(/"digest": "[0-9a-f]{64}"/, `"digest": "${original.header.digest}"`);
    expect(verifyEvidenceText(forged).outcome).toBe('broken');
  });

  it('tells a file that is not evidence from a damaged one', () => {
    expect(verifyEvidenceText('hello').outcome).toBe('not-evidence');
    expect(verifyEvidenceText('{"header":{"format":"other"},"entries":[]}').outcome).toBe('not-evidence');
    const text = evidenceFileText(INFO, chain('ref-123', DATAS));
    const lines = text.split('\n');
    const third = lines.findIndex((line) => line.includes('"seq":3'));
    lines[third] = (lines[third] ?? '').replace('{"seq"', '{"seq');
    const damaged = verifyEvidenceText(lines.join('\n'));
    expect(damaged.outcome === 'broken' && damaged.problems[0]).toMatch(/^entry 3 \(line \d+\): not readable as JSON/);
  });
});
