/** Jobs on the store's durable queue: one worker for every kind registered (watching today; budgets, digests next). */
export { createJobRegistry, type JobHandler, type JobOutcome, type JobRegistry } from './registry.js';
export { createJobWorker, type JobWorker, type JobWorkerOptions } from './worker.js';
