/**
 * This process's name in the store's leases (write intents, jobs): unique per process, so a replica that restarts
 * under the same host name and pid is still a different owner, and a stale owner's late call changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
