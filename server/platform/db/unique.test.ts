import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, openDatabase, type Db } from './client.ts';

describe('isUniqueViolation', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
    await db.exec('create table t (a text, b text); create unique index t_ab on t (a, b) where b is not null');
  });
  afterAll(async () => db.close());

  it('recognises the error a unique index raises, and nothing else', async () => {
    await db.query('insert into t values ($1, $2)', ['852', '91234567']);
    const duplicate = await db.query('insert into t values ($1, $2)', ['852', '91234567']).catch((e: unknown) => e);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const syntax = await db.query('insert into nowhere values (1)').catch((e: unknown) => e);
    expect(isUniqueViolation(syntax)).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
