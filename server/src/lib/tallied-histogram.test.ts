import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TalliedHistogram } from './tallied-histogram';

const config = (registry: Registry) => ({
  name: 'requests_seconds',
  help: 'Requests',
  labelNames: ['route', 'status'] as const,
  buckets: [0.001, 0.01, 0.1],
  registers: [registry],
});

/** A tallied histogram and a plain one, fed the same values: what a scrape of each reads. */
function pair() {
  const talliedRegistry = new Registry();
  const plainRegistry = new Registry();
  const tallied = new TalliedHistogram(config(talliedRegistry));
  const plain = new Histogram(config(plainRegistry));
  return {
    tallied,
    plain,
    /** Both scraped: prom-client's exposition text of each. */
    read: async () => ({ tallied: await talliedRegistry.metrics(), plain: await plainRegistry.metrics() }),
  };
}

describe('a tallied histogram', () => {
  it('reads as if every tallied value had been observed, in a series of its own', async () => {
    const { tallied, plain, read } = pair();
    const count = tallied.tally({ route: '/poll', status: '2xx' });
    for (const seconds of [0.0004, 0.0009, 0.001, 0.004, 0.05, 0.2, 3]) {
      count(seconds);
      plain.observe({ route: '/poll', status: '2xx' }, seconds);
    }
    const { tallied: text, plain: expected } = await read();
    expect(text).toBe(expected);
    expect(text).toContain('requests_seconds_bucket{le="0.001",route="/poll",status="2xx"} 3');
    expect(text).toContain('requests_seconds_count{route="/poll",status="2xx"} 7');
  });

  it('adds tallies to the series observe makes for the same labels, and leaves other series alone', async () => {
    const { tallied, plain, read } = pair();
    const count = tallied.tally({ route: '/poll', status: '2xx' });
    for (const [route, status, seconds] of [
      ['/poll', '2xx', 0.02],
      ['/poll', '4xx', 0.003],
      ['/apply', '2xx', 0.5],
    ] as const) {
      tallied.observe({ route, status }, seconds);
      plain.observe({ route, status }, seconds);
    }
    count(0.0001);
    count(0.07);
    plain.observe({ route: '/poll', status: '2xx' }, 0.0001);
    plain.observe({ route: '/poll', status: '2xx' }, 0.07);
    const { tallied: text, plain: expected } = await read();
    expect(text).toBe(expected);
  });

  it('adds each value once however often it is read, and goes on counting after a read', async () => {
    const { tallied, plain, read } = pair();
    const count = tallied.tally({ route: '/poll', status: '2xx' });
    count(0.005);
    plain.observe({ route: '/poll', status: '2xx' }, 0.005);
    await read();
    const twice = await read();
    expect(twice.tallied).toBe(twice.plain);
    count(0.5);
    plain.observe({ route: '/poll', status: '2xx' }, 0.5);
    const after = await read();
    expect(after.tallied).toBe(after.plain);
    expect(after.tallied).toContain('requests_seconds_count{route="/poll",status="2xx"} 2');
  });

  it('forgets what was tallied and not yet read when reset', async () => {
    const { tallied, read } = pair();
    const count = tallied.tally({ route: '/poll', status: '2xx' });
    count(0.005);
    tallied.reset();
    const { tallied: text } = await read();
    expect(text).not.toContain('route="/poll"');
  });

  it('still runs a collect function of its own before it is read', async () => {
    const registry = new Registry();
    const seen: number[] = [];
    const tallied = new TalliedHistogram({
      ...config(registry),
      collect() {
        seen.push(1);
      },
    });
    tallied.tally({ route: '/poll', status: '2xx' })(0.002);
    const text = await registry.metrics();
    expect(seen).toHaveLength(1);
    expect(text).toContain('requests_seconds_count{route="/poll",status="2xx"} 1');
  });
});
