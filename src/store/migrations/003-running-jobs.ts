/**
 * Version 3: the running jobs of a (kind, key), found by index. A job is not claimed while another of its key runs
 * (src/store/tables/jobs.ts), and the claim asks that of every candidate; without the index each question scans every
 * job of the kind (a poll job per watched shipment).
 */
import type { Migration } from './migration.js';

export const runningJobsMigration: Migration = {
  version: 3,
  name: 'running-jobs',
  statements: [`CREATE INDEX jobs_running_key ON jobs (kind, key) WHERE state = 'running'`],
};
