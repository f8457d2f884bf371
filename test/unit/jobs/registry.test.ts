/** The job registry: every kind the worker may claim, each with exactly one handler. */
import { describe, expect, it } from 'vitest';
import { createJobRegistry } from '../../../src/jobs/index.js';

const done = async () => ({ done: true as const });

describe('the job registry', () => {
  it('lists the kinds of every group it was given, and finds each one’s handler', () => {
    const registry = createJobRegistry({ 'watch.poll': done }, { 'digest.send': done });
    expect(registry.kinds).toEqual(['watch.poll', 'digest.send']);
    expect(registry.handlerFor('digest.send')).toBe(done);
    expect(registry.handlerFor('nobody.registered')).toBeUndefined();
  });

  it('refuses a kind registered twice, so two features cannot both think they own a job', () => {
    expect(() => createJobRegistry({ 'watch.poll': done }, { 'watch.poll': done })).toThrow(/twice/);
  });
});
