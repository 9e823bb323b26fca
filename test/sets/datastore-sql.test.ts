/**
 * The datastore set's SQL pieces on their own: statement counting, the sql-block compiler
 * (quoting, binding, escaping) over the shipped tools' blocks, and Snowflake row conversion.
 */
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import { asSqlBlock } from '../../language/sql/block.js';
import { convertRows, exactNumber } from '../../language/sql/result-rows.js';
import { countStatements, splitStatements } from '../../language/sql/statements.js';
import { ToolError } from '../../runtime/errors.js';
import { compileSql, parseDottedName } from '../../runtime/sql/compile.js';

const ir = loadShippedSpecs();
function blockOf(tool: string) {
  const spec = ir.byName.get(tool)?.request.encodingSpec;
  if (!spec) throw new Error(`${tool} has no sql block`);
  return asSqlBlock(spec);
}
const compile = (tool: string, inputs: Record<string, unknown>) => compileSql(blockOf(tool), inputs, tool);

describe('statement counting', () => {
  it.each([
    ['select 1', 1],
    ['select 1;', 1],
    ['select 1; select 2', 2],
    ['select 1;; ;select 2;  ', 2],
    ["select ';' ; select 'it''s; fine'", 2],
    ["select 'a\\';b'; select 2", 2],
    ['select ";x" from t; select 2', 2],
    ['select $$ a; b $$; select 2', 2],
    ['select 1 -- c; d\n; select 2 // e;\n', 2],
    ['select /* ; */ 1; /* only a comment; */', 1],
    ['-- nothing here;\n', 0],
  ])('%j has %i statement(s)', (sql, n) => {
    expect(countStatements(sql)).toBe(n);
  });

  it('splits without losing text', () => {
    expect(splitStatements("insert into t values ('a;b'); select 1")).toEqual([
      "insert into t values ('a;b')",
      'select 1',
    ]);
  });
});

describe('SELECT blocks', () => {
  it('binds every value and quotes every identifier', () => {
    const out = compile('datastore_get_tables', { database: 'SHOP', schema: 'PUBLIC', limit: 5 });
    expect(out.statement).toBe(
      'SELECT "TABLE_CATALOG", "TABLE_SCHEMA", "TABLE_NAME", "TABLE_TYPE", "ROW_COUNT", "BYTES", "CREATED", ' +
        '"LAST_ALTERED", "COMMENT" FROM "INFORMATION_SCHEMA"."TABLES" WHERE "TABLE_SCHEMA" = ? ' +
        'ORDER BY "TABLE_SCHEMA", "TABLE_NAME" LIMIT ?',
    );
    expect(out.bindings).toEqual({
      '1': { type: 'TEXT', value: 'PUBLIC' },
      '2': { type: 'FIXED', value: '5' },
    });
  });

  it('leaves out conditions whose input is absent', () => {
    const out = compile('datastore_get_schemata', { database: 'SHOP' });
    expect(out.statement).toBe(
      'SELECT "CATALOG_NAME", "SCHEMA_NAME", "SCHEMA_OWNER", "CREATED", "LAST_ALTERED", "COMMENT" FROM ' +
        '"INFORMATION_SCHEMA"."SCHEMATA" ORDER BY "SCHEMA_NAME"',
    );
    expect(out.bindings).toEqual({});
  });

  const hostile = [
    `"; DROP TABLE x; --`,
    `x' OR '1'='1`,
    'a/*b*/c; select 1',
    'ünï"cødé"😀',
    "\\'; DELETE FROM t; --",
  ];
  it.each(hostile)('keeps %j out of the SQL text', (value) => {
    const out = compile('datastore_get_columns', {
      database: 'SHOP',
      schema: value,
      table: value,
      column_name_like: value,
    });
    expect(out.statement).not.toContain(value);
    expect(out.statement).not.toMatch(/DROP|DELETE|OR '1'/);
    expect(Object.values(out.bindings).map((b) => b.value)).toEqual([value, value, value]);
  });

  it('refuses a limit that is not an integer', () => {
    expect(() => compile('datastore_get_tables', { database: 'SHOP', limit: '1; DROP TABLE x' })).toThrow(
      ToolError,
    );
  });
});

describe('SHOW blocks', () => {
  it('quotes identifiers with inner quotes doubled and escapes LIKE literals', () => {
    const out = compile('datastore_show_databases_schemas', {
      object_type: 'schemas',
      database_name: 'x"; DROP TABLE y; --',
      like_pattern: "a'; DROP TABLE z; --\\",
    });
    expect(out.statement).toBe(
      `SHOW SCHEMAS LIKE 'a''; DROP TABLE z; --\\\\' IN DATABASE "x""; DROP TABLE y; --"`,
    );
    expect(out.bindings).toEqual({});
  });

  it('chooses the scope clause of primary keys by the inputs present', () => {
    const show = (inputs: Record<string, unknown>) =>
      compile('datastore_show_primary_keys', inputs).statement;
    expect(show({})).toBe('SHOW PRIMARY KEYS');
    expect(show({ database_name: 'D' })).toBe('SHOW PRIMARY KEYS IN DATABASE "D"');
    expect(show({ database_name: 'D', schema_name: 'S' })).toBe('SHOW PRIMARY KEYS IN SCHEMA "D"."S"');
    expect(show({ database_name: 'D', schema_name: 'S', table_name: 'T' })).toBe(
      'SHOW PRIMARY KEYS IN TABLE "D"."S"."T"',
    );
  });

  it('builds each grant view', () => {
    const show = (inputs: Record<string, unknown>) => compile('datastore_show_grants', inputs).statement;
    expect(show({ grant_view: 'to_role', role_name: 'R' })).toBe('SHOW GRANTS TO ROLE "R"');
    expect(show({ grant_view: 'of_role', role_name: 'R' })).toBe('SHOW GRANTS OF ROLE "R"');
    expect(show({ grant_view: 'to_user', user_name: 'u"1' })).toBe('SHOW GRANTS TO USER "u""1"');
    expect(
      show({ grant_view: 'on_object', object_type: 'materialized view', object_name: 'D.S."My.V"' }),
    ).toBe('SHOW GRANTS ON MATERIALIZED VIEW "D"."S"."My.V"');
    expect(show({ grant_view: 'on_object', object_type: 'account' })).toBe('SHOW GRANTS ON ACCOUNT');
  });

  it('reports a condition that cannot be evaluated as a typed error naming the tool', () => {
    const block = asSqlBlock({ show: [{ text: 'WAREHOUSES', when: 'kind == "x"' }] });
    expect(() => compileSql(block, {}, 'demo_tool')).toThrow(
      expect.objectContaining({ code: 'invalid_input', tool: 'demo_tool', field: 'sql' }),
    );
  });

  it('refuses keyword operands that are not plain words', () => {
    expect(() =>
      compile('datastore_show_grants', {
        grant_view: 'on_object',
        object_type: 'table; drop',
        object_name: 'x',
      }),
    ).toThrow(/object_type/);
  });

  it.each([
    ['a.b.c', ['a', 'b', 'c']],
    ['"a.b".c', ['a.b', 'c']],
    ['"say ""hi"""', ['say "hi"']],
    ['a..b', null],
    ['a.', null],
    ['"open', null],
    ['a"b', null],
  ])('parses the dotted name %j', (text, parts) => {
    expect(parseDottedName(text)).toEqual(parts);
  });
});

describe('row conversion', () => {
  const col = (name: string, type: string, scale = 0) => ({ name, type, scale });

  it.each([
    ['1', 1],
    ['-42', -42],
    ['9.50', 9.5],
    ['0.1', 0.1],
    ['9007199254740991', 9007199254740991],
    ['9007199254740993', '9007199254740993'],
    ['98765432109876543210', '98765432109876543210'],
    ['12345678901234567.5', '12345678901234567.5'],
    ['0.00000001', '0.00000001'],
  ])('fixed %j -> %j', (text, value) => {
    expect(exactNumber(text)).toEqual(value);
  });

  it('converts each type and keeps what it cannot parse', () => {
    const rows = convertRows(
      [
        [
          '19884',
          '-1',
          '45296.123456789',
          '1718000000.123456789',
          '1718000000.5',
          '1718000000.000000000 1500',
          'true',
          '1.5e3',
          '{"a":1}',
          '[1,"x"]',
          'plain',
          'not a date',
          null,
        ],
      ],
      {
        rowType: [
          col('D', 'date'),
          col('D0', 'DATE'),
          col('T', 'time', 3),
          col('NTZ', 'timestamp_ntz', 9),
          col('LTZ', 'timestamp_ltz', 3),
          col('TZ', 'timestamp_tz', 0),
          col('B', 'boolean'),
          col('R', 'real'),
          col('V', 'variant'),
          col('A', 'array'),
          col('S', 'text'),
          col('BAD', 'date'),
          col('N', 'fixed'),
        ],
      },
    );
    expect(rows).toEqual([
      {
        D: '2024-06-10',
        D0: '1969-12-31',
        T: '12:34:56.123',
        NTZ: '2024-06-10T06:13:20.123456789',
        LTZ: '2024-06-10T06:13:20.500Z',
        TZ: '2024-06-10T07:13:20+01:00',
        B: true,
        R: 1500,
        V: { a: 1 },
        A: [1, 'x'],
        S: 'plain',
        BAD: 'not a date',
        N: null,
      },
    ]);
  });

  it('handles times before the epoch', () => {
    expect(convertRows([['-0.5']], { rowType: [col('T', 'timestamp_ntz', 1)] })).toEqual([
      { T: '1969-12-31T23:59:59.5' },
    ]);
  });

  it('keeps the text "null" when the result is not nullable', () => {
    const meta = { nullable: false, rowType: [col('N', 'fixed'), col('V', 'variant')] };
    expect(convertRows([['null', 'null']], meta)).toEqual([{ N: 'null', V: 'null' }]);
    expect(convertRows([['null', 'null']], { ...meta, nullable: true })).toEqual([{ N: 'null', V: null }]);
  });

  it('names repeated columns apart and leaves rows without metadata as arrays', () => {
    expect(convertRows([['1', '2']], { rowType: [col('ID', 'fixed'), col('ID', 'fixed')] })).toEqual([
      { ID: 1, ID_2: 2 },
    ]);
    expect(convertRows([['1', '2']], undefined)).toEqual([['1', '2']]);
  });
});
