import { describe, expect, it } from 'vitest';
import { inGroups } from './index';

const job = (id: string, data: { app?: string; seq?: number }) => ({ id, data });
const byApplication = (data: { app?: string; seq?: number }) => (data.app && data.seq !== undefined ? { group: data.app, order: data.seq } : null);

describe('a batch in groups', () => {
  it('puts each group’s jobs in their order, and every job without a group alone', () => {
    const batch = [job('a2', { app: 'a', seq: 2 }), job('x', {}), job('b1', { app: 'b', seq: 5 }), job('a1', { app: 'a', seq: 1 }), job('a3', { app: 'a', seq: 3 })];
    const groups = inGroups(batch, byApplication).map((group) => group.map((j) => j.id));
    expect(groups).toHaveLength(3);
    expect(groups).toEqual(expect.arrayContaining([['x'], ['a1', 'a2', 'a3'], ['b1']]));
  });

  it('runs every job alone when the queue keeps no order', () => {
    expect(inGroups([job('a', { app: 'a', seq: 1 }), job('b', { app: 'a', seq: 2 })], undefined).map((group) => group.map((j) => j.id))).toEqual([['a'], ['b']]);
  });
});
