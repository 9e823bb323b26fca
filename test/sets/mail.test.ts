/**
 * Microsoft Graph behaviour of the mail set that the generic example test does not cover:
 * `@odata.nextLink` paging across pages, list inputs given as JSON arrays or comma-separated
 * text, RFC 3339 -> {dateTime, timeZone}, recurrence rules refused before anything is sent,
 * 202 answers without a body, and Graph's error envelope. Every request goes over a real
 * socket to a loopback server that validates it against test/fixtures/contracts/mail.openapi.json.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadSpecs } from '../../language/load/load.js';
import { ToolError } from '../../runtime/errors.js';
import { createToolkit } from '../../runtime/toolkit.js';
import { loadContract, type Reply } from '../support/contract-server.js';
import { useSetHarness } from '../support/set-harness.js';

const MAIL_SPEC = new URL('../../specs/mail.yaml', import.meta.url).pathname;
const ir = loadSpecs([MAIL_SPEC]);

const h = useSetHarness('mail', ir);

/** The error a call rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<ToolError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ToolError);
    return e as ToolError;
  }
  throw new Error('expected the call to fail');
}

const { onlyRequest } = h;

const EVENT = {
  subject: 'Sync',
  start_datetime: '2025-03-10T09:00:00',
  start_timezone: 'UTC',
  end_datetime: '2025-03-10T09:30:00',
  end_timezone: 'UTC',
};

describe('@odata.nextLink paging', () => {
  const page = (ids: string[], next?: string): Reply => ({
    status: 200,
    body: {
      value: ids.map((id) => ({ id, subject: `Message ${id}` })),
      ...(next ? { '@odata.nextLink': next } : {}),
    },
  });

  it('returns the first page with a cursor, then follows the link verbatim with that cursor', async () => {
    const link = () => `${h.server.url}/me/messages?%24top=2&%24skip=2&%24filter=isRead%20eq%20false`;
    h.server.respond = (req) => (req.query.$skip === '2' ? page(['m3']) : page(['m1', 'm2'], link()));

    const first = (await h.toolkit.call('mail_list_messages', { $filter: 'isRead eq false', $top: 2 })) as {
      items: { id: string }[];
      next_cursor: string | null;
      has_more: boolean;
    };
    expect(first.items.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(first.has_more).toBe(true);
    expect(typeof first.next_cursor).toBe('string');
    expect(first.next_cursor).not.toContain('http');
    expect(h.server.requests[0]?.query).toEqual({ $filter: 'isRead eq false', $top: '2' });

    const input = { $filter: 'isRead eq false', $top: 2 };
    const second = (await h.toolkit.call('mail_list_messages', { ...input, cursor: first.next_cursor })) as {
      items: { id: string }[];
      next_cursor: string | null;
      has_more: boolean;
    };
    expect(second).toEqual({
      items: [{ id: 'm3', subject: 'Message m3' }],
      next_cursor: null,
      has_more: false,
    });
    const followed = h.server.requests.at(-1);
    expect(followed?.path).toBe('/me/messages');
    expect(followed?.query).toEqual({ $top: '2', $skip: '2', $filter: 'isRead eq false' });
    expect(followed?.headers.authorization).toBe('Bearer mail-test-token');

    const pages: { id: string }[][] = [];
    for await (const p of h.toolkit.pages('mail_list_messages', input))
      pages.push(p.items as { id: string }[]);
    expect(pages.map((p) => p.map((m) => m.id))).toEqual([['m1', 'm2'], ['m3']]);
    expect(h.server.violations).toEqual([]);
  });

  it('collects every page with `all`', async () => {
    h.server.respond = (req) => {
      const skip = Number(req.query.$skip ?? 0);
      if (skip >= 4) return page(['t5']);
      return page(
        [`t${skip + 1}`, `t${skip + 2}`],
        `${h.server.url}/me/todo/lists/L1/tasks?%24top=2&%24skip=${skip + 2}`,
      );
    };
    const out = (await h.toolkit.call('mail_todo_tasks_list', { list_id: 'L1', $top: 2 }, { all: true })) as {
      items: { id: string }[];
      has_more: boolean;
    };
    expect(out.items.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(out.has_more).toBe(false);
    expect(h.server.requests).toHaveLength(3);
    expect(h.server.violations).toEqual([]);
  });

  it('refuses a next link to another host instead of sending the token there', async () => {
    h.server.respond = () => page(['m1'], 'https://graph.evil.example/v1.0/me/messages?%24skip=1');
    const e = await rejection(h.toolkit.call('mail_list_messages', {}, { all: true }));
    expect(e.code).toBe('forbidden');
    expect(h.server.requests).toHaveLength(1);
  });
});

describe('list inputs: JSON arrays, comma-separated text and arrays', () => {
  it('builds attendees of each type from all three spellings', async () => {
    h.server.respond = () => ({ status: 201, body: { id: 'E1' } });
    await h.toolkit.call('mail_create_calendar_event', {
      ...EVENT,
      attendees_required: ' ada@contoso.com ,grace@contoso.com,, ',
      attendees_optional: '["linus@contoso.com", "ken@contoso.com"]',
      attendees_resource: ['room1@contoso.com'],
    });
    expect(onlyRequest().body).toMatchObject({
      attendees: [
        { emailAddress: { address: 'ada@contoso.com' }, type: 'required' },
        { emailAddress: { address: 'grace@contoso.com' }, type: 'required' },
        { emailAddress: { address: 'linus@contoso.com' }, type: 'optional' },
        { emailAddress: { address: 'ken@contoso.com' }, type: 'optional' },
        { emailAddress: { address: 'room1@contoso.com' }, type: 'resource' },
      ],
    });
  });

  it('sends no attendees key when no attendee input is given', async () => {
    h.server.respond = () => ({ status: 201, body: { id: 'E1' } });
    await h.toolkit.call('mail_create_calendar_event', EVENT);
    expect(onlyRequest().body).not.toHaveProperty('attendees');
  });

  it('parses locations from a JSON array string and refuses text that is not one', async () => {
    h.server.respond = () => ({ status: 201, body: { id: 'E1' } });
    await h.toolkit.call('mail_create_calendar_event', {
      ...EVENT,
      locations: '[{"displayName":"A"},{"displayName":"B","coordinates":{"latitude":1.5,"longitude":2}}]',
    });
    expect(onlyRequest().body).toMatchObject({
      locations: [{ displayName: 'A' }, { displayName: 'B', coordinates: { latitude: 1.5, longitude: 2 } }],
    });
    h.server.requests.length = 0;
    for (const locations of ['Room 1', '[{"displayName": 5}]', '[{"displayName": "A"}']) {
      const e = await rejection(h.toolkit.call('mail_create_calendar_event', { ...EVENT, locations }));
      expect(e.code).toBe('invalid_input');
      expect(e.field).toMatch(/^locations/);
    }
    expect(h.server.requests).toHaveLength(0);
  });

  it('splits comma-separated categories and weekdays (lower-cased for Graph)', async () => {
    h.server.respond = () => ({ status: 200, body: { id: 'E1' } });
    await h.toolkit.call('mail_update_calendar_event', {
      event_id: 'E1',
      categories: 'Red category, Work',
      recurrence_type: 'weekly',
      recurrence_days_of_week: 'Monday,friday',
      recurrence_start_date: '2025-03-10',
      recurrence_range_type: 'noEnd',
    });
    expect(onlyRequest().body).toEqual({
      categories: ['Red category', 'Work'],
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday', 'friday'] },
        range: { type: 'noEnd', startDate: '2025-03-10' },
      },
    });
  });
});

describe('RFC 3339 -> Graph dateTime + timeZone', () => {
  const update = async (input: Record<string, unknown>) => {
    h.server.requests.length = 0;
    h.server.respond = () => ({ status: 200, body: { id: 'E1' } });
    await h.toolkit.call('mail_update_calendar_event', { event_id: 'E1', ...input });
    return onlyRequest().body as Record<string, unknown>;
  };

  it('converts an offset time to UTC when no zone is given', async () => {
    expect(await update({ start_datetime: '2025-11-02T01:30:00-07:00' })).toEqual({
      start: { dateTime: '2025-11-02T08:30:00', timeZone: 'UTC' },
    });
  });

  it('expresses the instant in an IANA zone, across a daylight-saving change', async () => {
    expect(
      await update({
        start_datetime: '2025-03-30T00:30:00Z',
        start_timezone: 'Europe/Berlin',
        end_datetime: '2025-03-30T01:30:00Z',
        end_timezone: 'Europe/Berlin',
      }),
    ).toEqual({
      start: { dateTime: '2025-03-30T01:30:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2025-03-30T03:30:00', timeZone: 'Europe/Berlin' },
    });
  });

  it('falls back to UTC for a Windows zone name, keeping the instant', async () => {
    expect(
      await update({
        start_datetime: '2025-03-10T10:00:00+01:00',
        start_timezone: 'W. Europe Standard Time',
      }),
    ).toEqual({ start: { dateTime: '2025-03-10T09:00:00', timeZone: 'UTC' } });
  });

  it('takes a local time on update as create does (UTC without a zone), and refuses text that is no time', async () => {
    h.server.requests.length = 0;
    h.server.respond = () => ({ status: 200, body: { id: 'E1' } });
    await h.toolkit.call('mail_update_calendar_event', {
      event_id: 'E1',
      start_datetime: '2025-03-10T10:00:00',
    });
    expect(h.server.requests[0]?.body).toMatchObject({
      start: { dateTime: '2025-03-10T10:00:00', timeZone: 'UTC' },
    });
    h.server.requests.length = 0;
    const e = await rejection(
      h.toolkit.call('mail_update_calendar_event', { event_id: 'E1', start_datetime: 'tomorrow 10am' }),
    );
    expect(e.code).toBe('invalid_input');
    expect(h.server.requests).toHaveLength(0);
  });

  it('sends To Do due days as midnight in the due zone', async () => {
    h.server.respond = () => ({ status: 201, body: { id: 'T1' } });
    await h.toolkit.call('mail_todo_tasks_create', {
      list_id: 'L1',
      title: 'Pay rent',
      due_date: '2025-04-01',
      due_time_zone: 'Tokyo Standard Time',
    });
    expect(onlyRequest().body).toEqual({
      title: 'Pay rent',
      dueDateTime: { dateTime: '2025-04-01T00:00:00', timeZone: 'Tokyo Standard Time' },
    });
  });
});

describe('recurrence rules are checked before anything is sent', () => {
  const recurring = { ...EVENT, recurrence_type: 'daily', recurrence_start_date: '2025-03-10' };
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'endDate without recurrence_end_date',
      { ...recurring, recurrence_range_type: 'endDate' },
      'recurrence_end_date',
    ],
    [
      'numbered without recurrence_occurrences',
      { ...recurring, recurrence_range_type: 'numbered' },
      'recurrence_occurrences',
    ],
    [
      'weekly without recurrence_days_of_week',
      { ...recurring, recurrence_type: 'weekly', recurrence_range_type: 'noEnd' },
      'recurrence_days_of_week',
    ],
    ['a range without a pattern type', { ...EVENT, recurrence_range_type: 'noEnd' }, 'recurrence_type'],
    ['a pattern without a range type', { ...recurring }, 'recurrence_range_type'],
  ];
  for (const [name, input, field] of cases) {
    it(`refuses ${name}`, async () => {
      const e = await rejection(h.toolkit.call('mail_create_calendar_event', input));
      expect(e.code).toBe('invalid_input');
      expect(e.tool).toBe('mail_create_calendar_event');
      expect(JSON.stringify(e.toJSON())).toContain(field);
      expect(h.server.requests).toHaveLength(0);
    });
  }

  it('derives dayOfMonth and month for an absolute yearly pattern', async () => {
    h.server.respond = () => ({ status: 201, body: { id: 'E1' } });
    await h.toolkit.call('mail_create_calendar_event', {
      ...EVENT,
      recurrence_type: 'absoluteYearly',
      recurrence_start_date: '2025-07-14',
      recurrence_range_type: 'numbered',
      recurrence_occurrences: 3,
    });
    expect(onlyRequest().body).toMatchObject({
      recurrence: {
        pattern: { type: 'absoluteYearly', interval: 1, dayOfMonth: 14, month: 7 },
        range: { type: 'numbered', startDate: '2025-07-14', numberOfOccurrences: 3 },
      },
    });
  });
});

describe('202 Accepted and Graph errors', () => {
  it('maps sendMail 202 (no body) to an explicit success', async () => {
    h.server.respond = () => ({ status: 202 });
    const out = await h.toolkit.call('mail_send_message', {
      subject: 'Hi',
      body: 'Hello',
      toRecipients: ['ada@contoso.com'],
    });
    expect(out).toEqual({ ok: true, status: 'accepted' });
    expect(onlyRequest().body).toEqual({
      Message: {
        subject: 'Hi',
        body: { contentType: 'text', content: 'Hello' },
        toRecipients: [{ emailAddress: { address: 'ada@contoso.com' } }],
      },
      SaveToSentItems: true,
    });
  });

  it('maps reply 202 to the same success', async () => {
    h.server.respond = () => ({ status: 202 });
    const out = await h.toolkit.call('mail_reply_to_message', { messageId: 'M1', comment: 'Thanks' });
    expect(out).toEqual({ ok: true, status: 'accepted' });
    expect(onlyRequest().path).toBe('/me/messages/M1/reply');
  });

  it("reads Graph's {error:{code,message}} envelope", async () => {
    h.server.respond = () => ({
      status: 404,
      body: {
        error: {
          code: 'ErrorItemNotFound',
          message: 'The specified object was not found in the store.',
          innerError: { 'request-id': 'c5d8a0f4-1', date: '2025-03-10T10:00:00' },
        },
      },
    });
    const e = await rejection(h.toolkit.call('mail_get_message', { message_id: 'gone' }));
    expect(e.code).toBe('not_found');
    expect(e.status).toBe(404);
    expect(e.vendorCode).toBe('ErrorItemNotFound');
    expect(e.vendorMessage).toBe('The specified object was not found in the store.');
  });

  it('quotes the search phrase and sends the default page size', async () => {
    h.server.respond = () => ({ status: 200, body: { value: [] } });
    await h.toolkit.call('mail_search_messages', { query: 'back\\slash "quoted"' });
    expect(onlyRequest().query).toEqual({ $search: '"back\\\\slash \\"quoted\\""', $top: '10' });
  });
});

describe('dry run against the real Graph address', () => {
  const offline = createToolkit({ specs: ir, connections: { mail: { token: 'dry-run-secret-token' } } });
  afterAll(() => offline.close());

  for (const tool of ir.tools) {
    for (const example of tool.examples) {
      it(`${tool.name}: ${example.name} builds a contract-valid request for graph.microsoft.com`, async () => {
        const dry = await offline.dryRun(tool.name, example.input);
        const url = new URL(dry.url);
        expect(url.origin).toBe('https://graph.microsoft.com');
        expect(url.pathname).toBe(`/v1.0${example.request.path}`);
        expect(dry.method).toBe(example.request.method);
        expect(dry.body).toEqual(example.request.body);
        expect(JSON.stringify(dry)).not.toContain('dry-run-secret-token');

        const query: Record<string, string | string[]> = {};
        for (const key of new Set(url.searchParams.keys())) {
          const all = url.searchParams.getAll(key);
          query[key] = all.length === 1 ? (all[0] as string) : all;
        }
        expect(query).toEqual(example.request.query);
        const { api } = await loadContract('mail');
        const headers = Object.fromEntries(Object.entries(dry.headers).map(([k, v]) => [k.toLowerCase(), v]));
        const req = {
          method: dry.method.toLowerCase(),
          path: url.pathname,
          query,
          headers,
          body: dry.body ?? undefined,
        };
        const operation = api.matchOperation(req);
        expect(operation, 'operation in the contract').toBeTruthy();
        if (operation) expect(api.validateRequest(req, operation).errors ?? []).toEqual([]);
        expect(h.server.requests).toHaveLength(0);
      });
    }
  }
});
