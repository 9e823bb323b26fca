/**
 * The discovery search's ranking and answer (mcp/server/search): stemming, synonyms, the roles of
 * a query's words, the maintainer's hints, exact names and titles first, summaries without
 * markup, and an empty answer that suggests what to try. Small made-up catalogs show each
 * behaviour apart; the shipped catalog shows it on real tools.
 */

import { catalogs } from '@toolspec/sets/catalog';
import { describe, expect, it } from 'vitest';
import { loadShippedSpecs } from '../../cli/shipped.js';
import type { Effect } from '../../language/ir/ir.js';
import type { CatalogEntry, SearchHints } from '../../mcp/server/catalog.js';
import { catalogFromIR, generatedEntries } from '../../mcp/server/catalog.js';
import { searchCatalog } from '../../mcp/server/search/answer.js';
import { ToolSearch } from '../../mcp/server/search/index.js';
import { plainText, summary } from '../../mcp/server/search/summary.js';
import { analyzeQuery, terms } from '../../mcp/server/search/tokenize.js';

const NO_HINTS: SearchHints = {
  set: { title: 'Demo API', product: null, aliases: [] },
  keywords: [],
  aliases: [],
};

/** A catalog entry with only what the search reads. */
function tool(
  name: string,
  title: string,
  description: string,
  effects: Effect[],
  hints: Partial<SearchHints> = {},
  set = name.split('_')[0] ?? 'demo',
): CatalogEntry {
  return {
    set,
    effects,
    readOnly: effects.every((e) => e === 'read'),
    search: { ...NO_HINTS, ...hints },
    tool: {
      name,
      title,
      description,
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object' },
      annotations: {
        title,
        readOnlyHint: effects.every((e) => e === 'read'),
        destructiveHint: effects.includes('delete'),
        idempotentHint: true,
        openWorldHint: true,
      },
    },
  };
}

const effectsOf = (e: CatalogEntry) => e.effects ?? [];
const names = (entries: readonly CatalogEntry[], query: string) =>
  new ToolSearch(entries, effectsOf).search(query).hits.map((h) => h.entry.tool.name);

describe('words', () => {
  it('are stemmed on both sides: a plural or another inflection finds the word', () => {
    expect(terms('emails')).toEqual(terms('email'));
    expect(terms('listing lists')).toEqual([terms('list')[0], terms('list')[0]]);
    const entries = [
      tool('demo_send_email', 'Send an email', 'Sends one email to its recipients.', ['create']),
      tool('demo_list_files', 'List files', 'Lists the files of a folder.', ['read']),
    ];
    expect(names(entries, 'emailing')[0]).toBe('demo_send_email');
  });

  it('are read through the synonyms of SaaS work (verbs and nouns)', () => {
    const entries = [
      tool('demo_contact_delete', 'Delete a contact', 'Deletes one contact.', ['delete']),
      tool('demo_contact_create', 'Create a contact', 'Creates one contact.', ['create']),
      tool('demo_event_create', 'Create an event', 'Creates an event in the calendar.', ['create']),
      tool('demo_task_list', 'List tasks', 'Lists the tasks of a project.', ['read']),
    ];
    expect(names(entries, 'remove a contact')[0]).toBe('demo_contact_delete');
    expect(names(entries, 'trash contact')[0]).toBe('demo_contact_delete');
    expect(names(entries, 'add a person to my contacts')[0]).toBe('demo_contact_create');
    expect(names(entries, 'book a meeting')[0]).toBe('demo_event_create');
    expect(names(entries, 'show my to-dos')[0]).toBe('demo_task_list');
  });

  it('join known phrases and drop words that carry no task', () => {
    expect(terms('look up the to do list')).toEqual([...terms('lookup'), ...terms('todo'), ...terms('list')]);
    expect(terms('what is it')).toEqual([]);
  });

  it('count by their role: the action and its object fully, the context less, the content little', () => {
    const query = analyzeQuery('delete my comment on the Acme deal saying it was a mistake');
    const weight = (word: string) => query.terms.find((t) => t.term === terms(word)[0] && !t.implied)?.weight;
    expect(weight('delete')).toBe(1);
    expect(weight('comment')).toBe(1);
    expect(weight('deal')).toBeLessThan(1);
    expect(weight('mistake')).toBeLessThan(weight('deal') ?? 0);
    expect(query.effects.get('delete')).toBe(1);
    // Values (identifiers, names in capitals) count little and are not read as verbs.
    expect(analyzeQuery('what data type is the CREATED_AT column?').effects.get('create')).toBeUndefined();
  });
});

describe('ranking', () => {
  it('lets any word match, and ranks more and rarer matches higher', () => {
    const entries = [
      tool('demo_invoice_send', 'Send an invoice', 'Sends an invoice to a customer by email.', ['create']),
      tool('demo_invoice_list', 'List invoices', 'Lists invoices.', ['read']),
      tool('demo_customer_list', 'List customers', 'Lists customers.', ['read']),
    ];
    // "overdue" and "Zanzibar" match nothing; "invoice" and "send" still find the tool.
    expect(names(entries, 'send the overdue invoice to Zanzibar')[0]).toBe('demo_invoice_send');
    // A question about many invoices reads a list.
    expect(names(entries, 'which invoices do we have?')[0]).toBe('demo_invoice_list');
  });

  it('puts the tool whose name or title is the query first', () => {
    const entries = [
      tool('demo_page_get', 'Get a page', 'Returns one page.', ['read']),
      tool(
        'demo_page_get_many',
        'Get pages in bulk',
        'Gets pages: page after page, every page of a page, get get get.',
        ['read'],
      ),
    ];
    // By the words alone the second comes first...
    expect(names(entries, 'pages')[0]).toBe('demo_page_get_many');
    expect(names(entries, 'demo_page_get')[0]).toBe('demo_page_get');
    expect(names(entries, 'get a page')[0]).toBe('demo_page_get');
    expect(names(entries, 'demo_page_get_many')[0]).toBe('demo_page_get_many');
  });

  it("reads the maintainer's hints and the set's product names", () => {
    const entries = [
      tool('alpha_settings_update', 'Update settings', 'Changes the mailbox settings.', ['update'], {
        aliases: ['turn on out of office'],
        keywords: ['vacation'],
      }),
      tool('alpha_message_send', 'Send a message', 'Sends a message.', ['create']),
      tool('beta_message_send', 'Send a message', 'Sends a message.', ['create'], {
        set: { title: 'Beta API', product: 'Zephyr chat', aliases: ['Zephyr'] },
      }),
    ];
    expect(names(entries, 'set my out of office reply')[0]).toBe('alpha_settings_update');
    expect(names(entries, 'vacation')[0]).toBe('alpha_settings_update');
    expect(names(entries, 'send a message on zephyr')[0]).toBe('beta_message_send');
  });

  it('finds the right shipped tool for tasks phrased as users phrase them', () => {
    const entries = generatedEntries(catalogs) ?? catalogFromIR(loadShippedSpecs());
    const first = (query: string) => names(entries, query)[0];
    expect(first('what columns does the ORDERS table have?')).toBe('datastore_get_columns');
    expect(first('reply to the last email from Anna')).toBe('mail_reply_to_message');
    expect(first('add a note to the Acme company record')).toBe('crm_create_note');
    expect(first('snowflake tables')).toBe('datastore_get_tables');
    expect(first('outlook unread mail')).toMatch(/^mail_(list|search)_messages$/);
  });
});

describe('summaries', () => {
  it('are plain text: no code spans, links, emphasis, HTML or admonitions', () => {
    expect(plainText('Set `archived: true` in **bold**, see [the docs](https://x.test) <br/>')).toBe(
      'Set archived: true in bold, see the docs',
    );
    expect(summary('> [!NOTE]\n> Lists the *open* issues, e.g. bugs. More text.')).toBe(
      'Lists the open issues, e.g. bugs.',
    );
  });

  it('are cut between words, never inside one', () => {
    const long = `Returns ${'wonderfully '.repeat(30)}everything.`;
    const s = summary(long);
    expect(s.length).toBeLessThanOrEqual(200);
    expect(s.endsWith('…')).toBe(true);
    expect(
      s
        .slice(0, -1)
        .split(' ')
        .every((w) => ['Returns', 'wonderfully'].includes(w)),
    ).toBe(true);
  });
});

describe('the answer', () => {
  const entries = [
    tool('demo_contact_delete', 'Delete a contact', 'Deletes one contact. Use `id`.', ['delete']),
    tool('demo_contact_list', 'List contacts', 'Lists **all** contacts.', ['read']),
    tool('demo_contact_create', 'Create a contact', 'Creates a contact.', ['create']),
    tool('other_report_get', 'Get a report', 'Returns a report.', ['read']),
  ];

  it('scores each tool against the best match and keeps its continuation in the JSON', () => {
    const a = searchCatalog(entries, { query: 'contacts', limit: 2 }, effectsOf);
    expect(a.tools[0]?.score).toBe(1);
    expect(a.tools.map((t) => t.score)).toEqual([...a.tools.map((t) => t.score)].sort((x, y) => y - x));
    expect(a.tools[0]).toMatchObject({
      name: 'demo_contact_list',
      effects: ['read'],
      summary: 'Lists all contacts.',
    });
    expect(a).toMatchObject({ total: 3, has_more: true, next_cursor: '2' });
    expect(a.next).toMatch(/"cursor": "2"/);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    const rest = searchCatalog(entries, { query: 'contacts', limit: 2, cursor: '2' }, effectsOf);
    expect(rest).toMatchObject({ total: 3, has_more: false, next_cursor: null });
    expect(rest.next).toBeUndefined();
  });

  it('when nothing matches, suggests the closest tools and what to change', () => {
    const unknown = searchCatalog(entries, { query: 'xyzzy frobnicate' }, effectsOf);
    expect(unknown.total).toBe(0);
    // Nothing is close to gibberish: no suggestion rather than a random one.
    expect(unknown.suggestions).toBeUndefined();
    expect(unknown.unknown_words).toEqual(['xyzzy', 'frobnicate']);
    expect(unknown.hint).toMatch(/No tool mentions "xyzzy", "frobnicate"/);
    expect(unknown.hint).toMatch(/action and the thing it acts on/);

    // One letter off still matches; further off, the closest spellings are suggested.
    expect(searchCatalog(entries, { query: 'contcts' }, effectsOf).tools[0]?.name).toBe('demo_contact_list');
    const misspelt = searchCatalog(entries, { query: 'contcat' }, effectsOf);
    expect(misspelt.total).toBe(0);
    expect(misspelt.suggestions?.map((t) => t.name)).toContain('demo_contact_list');
    expect(misspelt.hint).toMatch(/closest spellings/);

    const filtered = searchCatalog(entries, { query: 'delete a contact', set: 'other' }, effectsOf);
    expect(filtered.total).toBe(0);
    expect(filtered.suggestions?.[0]?.name).toBe('demo_contact_delete');
    expect(filtered.hint).toMatch(/set "other"/);

    const empty = searchCatalog(entries, { query: 'what is it' }, effectsOf);
    expect(empty.hint).toMatch(/no word a tool could match/);
  });

  it('without a query lists every tool the filters keep', () => {
    const a = searchCatalog(entries, { effects: ['read'] }, effectsOf);
    expect(a.tools.map((t) => t.name)).toEqual(['demo_contact_list', 'other_report_get']);
    expect(a.tools.every((t) => t.score === 0)).toBe(true);
  });
});
