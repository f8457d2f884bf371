/**
 * Jobs on the store's durable queue: one worker for every kind registered (watching today; budgets, digests next),
 * their places in line by priority, and the one scheduler of each account's API budget.
 */
export { type ApiBudget, type BudgetRefusal, type BudgetSlot, createApiBudget } from './api-budget.js';
export { type PollingPlan, type PollingPlanInput, planPolling } from './polling-plan.js';
export { orderAhead, orderFor, PRIORITIES, type Priority, priorityOf } from './priority.js';
export { createJobRegistry, type JobHandler, type JobOutcome, type JobRegistry } from './registry.js';
export { createJobWorker, type JobWorker, type JobWorkerOptions } from './worker.js';
