import { describe, expect, it } from 'vitest';
import { violations } from '../index';
import { fixture, fixtures } from '../fixtures';
import {
  createOrderRequest,
  oauthError,
  orderAnswer,
  packagingStatusAnswer,
  packagingTaskStatus,
  problem,
  propertyPath,
  taskStatus,
  taskStatusAnswer,
  tokenAnswer,
  tokenRequest,
  uploadDocumentAnswer,
} from './schemas';

/** Each published example read by the schema of its call: the transcription agrees with itself. */
describe('Signicat Enterprise Sign: the published examples fit the transcribed shapes', () => {
  const answerSchema = (name: string) => {
    if (name.startsWith('token-invalid')) return oauthError;
    if (name.startsWith('token')) return tokenAnswer;
    if (name.startsWith('upload')) return uploadDocumentAnswer;
    if (name.startsWith('task-status')) return taskStatusAnswer;
    if (name.startsWith('packaging-status')) return packagingStatusAnswer;
    if (name === 'not-found' || name.endsWith('without-value')) return problem;
    if (name.startsWith('create-order') || name === 'get-order') return orderAnswer;
    return null;
  };

  it.each(fixtures('signicat-sign').map(({ name, fixture: f }) => [name, f] as const))('%s', (name, f) => {
    const schema = answerSchema(name);
    if (schema && f.answer !== undefined) expect(violations(schema, f.answer)).toEqual([]);
    if (name === 'token') expect(violations(tokenRequest, f.request)).toEqual([]);
    if (name === 'create-order' || name === 'create-order-bound-signer') expect(violations(createOrderRequest, f.request)).toEqual([]);
  });

  it('has an example of every task and packaging status Signicat lists', () => {
    for (const status of taskStatus.options) expect(fixture('signicat-sign', `task-status-${status.toLowerCase()}`).answer).toMatchObject({ taskStatus: status });
    for (const status of packagingTaskStatus.options) {
      expect(fixture('signicat-sign', `packaging-status-${status.toLowerCase()}`).answer).toMatchObject({ packagingTaskStatus: status });
    }
  });

  it('refuses what Signicat refuses: an attribute without a value, a field Subject does not have', () => {
    const refused = fixture('signicat-sign', 'create-order-attribute-without-value');
    const parsed = createOrderRequest.safeParse(refused.request);
    expect(parsed.success).toBe(false);
    // The same property Signicat names in its answer.
    expect(parsed.error?.issues.map((issue) => propertyPath(issue.path))).toContain('tasks[0].subject.attributes[0].value');

    const bound = fixture('signicat-sign', 'create-order-bound-signer').request as { tasks: { subject: object }[] };
    const withNationalId = { ...bound, tasks: bound.tasks.map((t) => ({ ...t, subject: { id: '1', nationalId: '17029012345' } })) };
    expect(violations(createOrderRequest, withNationalId)).toEqual([`$.tasks.0.subject: Unrecognized key: "nationalId"`]);
  });
});
