/**
 * A condition of `editable.when` with `hide`, decided by the database (server/crud/logic-sql.ts), selects exactly
 * the rows JSON Logic holds for: every operator the generator allows, on rows with empty, zero, false and
 * missing values, where SQL's NULL would otherwise turn a NOT or an OR around.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldType } from '../../../common/model.js';
import { holds, type JsonLogic } from '../../../common/rules.js';
import { logicToSql } from '../../../server/crud/logic-sql.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

let test: TestDatabase;

const FIELD_TYPES = { flag: 'boolean', code: 'string', qty: 'integer' } as const satisfies Record<string, FieldType>;
const CALLER: Record<string, string> = { groupType: 'P', group: '30480' };
const ROWS = [
  { id: 1, flag: true, code: 'A', qty: 3 },
  { id: 2, flag: false, code: '', qty: 0 },
  { id: 3, flag: null, code: null, qty: null },
  { id: 4, flag: true, code: 'B', qty: 0 },
  { id: 5, flag: false, code: 'A', qty: -1 },
];

beforeAll(async () => {
  test = await openTestDatabase();
  await test.db.schema.createTable('banca_prova', (t) => {
    t.integer('id').primary();
    t.boolean('flag');
    t.string('code');
    t.integer('qty');
  });
  await test.db('banca_prova').insert(ROWS);
});
afterAll(() => test.close());

/** The ids the database selects for `logic`, the related row named `banca`, the caller's facts known beforehand. */
async function selected(logic: JsonLogic): Promise<number[]> {
  const sql = logicToSql(logic, (name) => {
    const [root, member] = name.split('.');
    if (root === 'caller') return { value: CALLER[member] };
    const type = Object.entries(FIELD_TYPES).find(([name]) => name === member)?.[1];
    if (!type) throw new Error(`No column ${member}`);
    return { column: member, type };
  });
  const rows: { id: number }[] = await test.db('banca_prova').select('id').whereRaw(sql.sql, sql.bindings).orderBy('id');
  return rows.map((r) => r.id);
}

/** The ids JSON Logic holds for, each row read as `banca`. */
const expected = (logic: JsonLogic) => ROWS.filter((r) => holds(logic, { banca: r, caller: CALLER })).map((r) => r.id);

describe('a condition decided by the database selects the rows JSON Logic holds for', () => {
  it.each<[string, JsonLogic]>([
    ['truthy boolean', { '!!': [{ var: 'banca.flag' }] }],
    ['negated boolean (null counts as false)', { '!': [{ var: 'banca.flag' }] }],
    ['truthy text (empty and missing are false)', { '!!': [{ var: 'banca.code' }] }],
    ['truthy number (0 is false)', { '!!': [{ var: 'banca.qty' }] }],
    ['equality with a value', { '==': [{ var: 'banca.code' }, 'A'] }],
    ['inequality with a value (a missing value differs)', { '!=': [{ var: 'banca.code' }, 'A'] }],
    ['strict inequality, value first', { '!==': ['A', { var: 'banca.code' }] }],
    ['equality with null', { '==': [{ var: 'banca.code' }, null] }],
    ['a value in a list', { in: [{ var: 'banca.code' }, ['A', 'B']] }],
    ['not in a list', { '!': [{ in: [{ var: 'banca.code' }, ['A']] }] }],
    ['and / or of both', { or: [{ and: [{ var: 'banca.flag' }, { '==': [{ var: 'banca.code' }, 'A'] }] }, { '!': [{ var: 'banca.qty' }] }] }],
    ['a fact of the caller, known before the statement', { or: [{ '==': [{ var: 'caller.groupType' }, 'B'] }, { '!!': [{ var: 'banca.flag' }] }] }],
    ['a fact of the caller that decides alone', { or: [{ '==': [{ var: 'caller.groupType' }, 'P'] }, { '!!': [{ var: 'banca.flag' }] }] }],
  ])('%s', async (_name, logic) => {
    expect(await selected(logic)).toEqual(expected(logic));
  });

  it('refuses an operator the generator does not allow', () => {
    expect(() => logicToSql({ '>': [{ var: 'banca.qty' }, 0] }, () => ({ value: 1 }))).toThrow("Operator '>' cannot be evaluated by the database");
  });
});
