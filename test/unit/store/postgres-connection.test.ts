/**
 * How the PostgreSQL backend sets up its connections: commits that do not wait for the disk except in durable
 * transactions, and options in DATABASE_URL merged with (and winning over) the store's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logger.js';
import { openPostgres } from '../../../src/store/sql/postgres.js';
import type { Sql } from '../../../src/store/sql/sql.js';
import { requirePostgres, TEST_DATABASE_URL } from './helpers/stores.js';

describe('PostgreSQL connections', () => {
  const opened: Sql[] = [];
  const open = (url: string, schema?: string) => {
    const sql = openPostgres({ url, schema, logger: silentLogger });
    opened.push(sql);
    return sql;
  };
  beforeAll(async () => {
    await requirePostgres();
  });
  afterAll(async () => {
    for (const sql of opened) await sql.close();
  });

  it('commits without waiting for the flush, except in a durable transaction', async () => {
    const sql = open(TEST_DATABASE_URL);
    expect(await sql.all('SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'off' }]);
    const inside = await sql.transaction((tx) => tx.all('SHOW synchronous_commit'), { durable: true });
    expect(inside).toEqual([{ synchronous_commit: 'on' }]);
    expect(await sql.all('SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'off' }]);
  });

  it('keeps the options of DATABASE_URL, which win over its own', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', '-c synchronous_commit=on -c application_name=sw_ops');
    const sql = open(url.toString(), 'sw_schema_option');
    expect(await sql.all('SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'on' }]);
    expect(await sql.all('SHOW application_name')).toEqual([{ application_name: 'sw_ops' }]);
    expect(await sql.all('SHOW search_path')).toEqual([{ search_path: 'sw_schema_option' }]);
  });
});
