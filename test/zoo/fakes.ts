/**
 * Loopback fakes of the zoo vendors, written from each vendor's public API reference: the auth
 * header each expects, the query names, the body encoding, the paging and the error shapes.
 * Each fake keeps a small data set so that `--all` can be checked item by item, and a few
 * trigger values (a repository, a channel, an email) that make it answer like the vendor does
 * when something goes wrong. Nothing here is shared with the engine.
 */
import type { Answer, Handler, SeenRequest } from '../runtime/support/loopback.js';

export const CREDENTIALS = {
  github: { token: 'ghp_zooGithubToken0123456789abcdef' },
  slack: { token: 'xoxb-zoo-slack-token-2468' },
  stripe: { token: 'sk_test_zooStripeKey13579' },
  jira: { username: 'dev@acme.test', password: 'ATATT-zoo-jira-api-token' },
  linear: { apiKey: 'lin_api_zooLinearKey9876' },
  twilio: {
    username: 'AC0123456789abcdef0123456789abcdef',
    password: 'zoo-twilio-auth-token-55',
    accountSid: 'AC0123456789abcdef0123456789abcdef',
  },
} as const;

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** `a[b][0]=c` form bodies back into nested objects (Stripe's and Twilio's convention). */
export function parseForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((s) => s !== '');
    let cur = out as Record<string, unknown>;
    path.forEach((seg, i) => {
      if (i === path.length - 1) cur[seg] = value;
      else {
        cur[seg] ??= {};
        cur = cur[seg] as Record<string, unknown>;
      }
    });
  }
  return out;
}

const q = (r: SeenRequest, k: string): string | undefined => {
  const v = r.query[k];
  return Array.isArray(v) ? v[0] : v;
};

// ------------------------------------------------------------------ GitHub
// https://docs.github.com/en/rest/issues/issues ; paging: https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
export function githubFake(origin: () => string): Handler & { issues: Record<string, unknown>[] } {
  const issues = Array.from({ length: 7 }, (_, i) => ({
    id: 1000 + i,
    number: i + 1,
    title: `Issue ${i + 1}`,
    state: i % 3 === 2 ? 'closed' : 'open',
    labels: i % 2 === 0 ? [{ name: 'bug' }] : [{ name: 'docs' }],
  }));
  let limitedOnce = false;
  const handler = (r: SeenRequest): Answer => {
    if (r.headers.authorization !== `Bearer ${CREDENTIALS.github.token}`) {
      return {
        status: 401,
        body: {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
          status: '401',
        },
      };
    }
    if (
      r.headers['x-github-api-version'] !== '2022-11-28' ||
      r.headers.accept !== 'application/vnd.github+json'
    )
      return { status: 400, body: { message: 'Unsupported API version or media type' } };
    // GitHub's Link headers name the repository by its id (`/repositories/1296269/issues?page=2`),
    // not by owner and name; both paths list the same issues here.
    if (r.path === '/user/emails')
      return { body: [{ email: 'octocat@github.example', primary: true, verified: true }] };
    const byId = /^\/repositories\/(\d+)\/issues$/.test(r.path);
    const m = byId
      ? [r.path, '', 'by-id', undefined]
      : /^\/repos\/([^/]+)\/([^/]+)\/issues(?:\/(\d+))?$/.exec(r.path);
    if (!m)
      return {
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
      };
    const [, , repo, number] = m;
    if (repo === 'missing') return { status: 404, body: { message: 'Not Found' } };
    if (repo === 'limited' && !limitedOnce) {
      limitedOnce = true;
      return {
        status: 403,
        headers: {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 1),
        },
        body: {
          message: 'API rate limit exceeded for user ID 1.',
          documentation_url: 'https://docs.github.com/rest',
        },
      };
    }
    if (repo === 'exhausted') {
      return {
        status: 403,
        headers: {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
        },
        body: { message: 'API rate limit exceeded for user ID 1.' },
      };
    }
    if (r.method === 'POST' && !number) {
      const b = r.body as Record<string, unknown>;
      if (b.title === 'invalid')
        return {
          status: 422,
          body: {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'title', code: 'invalid' }],
            documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
          },
        };
      return {
        status: 201,
        body: {
          id: 2001,
          number: 8,
          title: b.title,
          body: b.body ?? null,
          labels: ((b.labels as string[] | undefined) ?? []).map((name) => ({ name })),
          assignees: ((b.assignees as string[] | undefined) ?? []).map((login) => ({ login })),
          state: 'open',
        },
      };
    }
    if (number) {
      const issue = issues.find((i) => i.number === Number(number));
      return issue ? { body: issue } : { status: 404, body: { message: 'Not Found' } };
    }
    const state = q(r, 'state') ?? 'open';
    const labels = (q(r, 'labels') ?? '').split(',').filter((l) => l !== '');
    const matching = issues.filter(
      (i) =>
        (state === 'all' || i.state === state) && labels.every((l) => i.labels.some((x) => x.name === l)),
    );
    const perPage = Number(q(r, 'per_page') ?? 30);
    const page = Number(q(r, 'page') ?? 1);
    const slice = matching.slice((page - 1) * perPage, page * perPage);
    const last = Math.max(1, Math.ceil(matching.length / perPage));
    const link = (p: number): string => {
      // A repository named "hostile" stands for a vendor (or a man in the middle) whose Link leads
      // to another resource of the same host: the token must never follow it.
      if (repo === 'hostile') return `${origin()}/user/emails`;
      const u = new URL(`${origin()}/repositories/1296269/issues`);
      for (const [k, v] of Object.entries(r.query)) if (k !== 'page') u.searchParams.set(k, String(v));
      u.searchParams.set('page', String(p));
      return u.href;
    };
    const rels = [];
    if (page < last) rels.push(`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`);
    if (page > 1) rels.push(`<${link(1)}>; rel="first"`, `<${link(page - 1)}>; rel="prev"`);
    return { body: slice, headers: rels.length > 0 ? { link: rels.join(', ') } : {} };
  };
  return Object.assign(handler as Handler, { issues });
}

// ------------------------------------------------------------------ Slack
// https://api.slack.com/methods/conversations.list ; https://api.slack.com/methods/chat.postMessage
export function slackFake(): Handler & { channels: Record<string, unknown>[] } {
  const channels = Array.from({ length: 9 }, (_, i) => ({
    id: `C00${i}`,
    name: `channel-${i}`,
    is_channel: true,
    is_archived: i === 4,
    is_private: i % 4 === 3,
  }));
  let limited = false;
  const handler = (r: SeenRequest): Answer => {
    if (r.headers.authorization !== `Bearer ${CREDENTIALS.slack.token}`) {
      return { body: { ok: false, error: r.headers.authorization ? 'invalid_auth' : 'not_authed' } };
    }
    if (r.path === '/api/conversations.list' && r.method === 'GET') {
      const types = (q(r, 'types') ?? 'public_channel').split(',');
      const limit = Number(q(r, 'limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        return { body: { ok: false, error: 'invalid_limit' } };
      const cursor = q(r, 'cursor');
      let start = 0;
      if (cursor) {
        const decoded = Buffer.from(cursor, 'base64').toString('utf8');
        if (!decoded.startsWith('next:')) return { body: { ok: false, error: 'invalid_cursor' } };
        start = Number(decoded.slice(5));
      }
      const matching = channels.filter(
        (c) =>
          types.includes(c.is_private ? 'private_channel' : 'public_channel') &&
          !(q(r, 'exclude_archived') === 'true' && c.is_archived),
      );
      const page = matching.slice(start, start + limit);
      const more = start + limit < matching.length;
      return {
        body: {
          ok: true,
          channels: page,
          response_metadata: {
            next_cursor: more ? Buffer.from(`next:${start + limit}`).toString('base64') : '',
          },
        },
      };
    }
    if (r.path === '/api/chat.postMessage' && r.method === 'POST') {
      if (!(r.headers['content-type'] ?? '').startsWith('application/json'))
        return { body: { ok: false, error: 'invalid_arguments' } };
      const b = r.body as Record<string, unknown>;
      if (b.channel === 'C_RATELIMIT' && !limited) {
        limited = true;
        return { headers: { 'retry-after': '1' }, body: { ok: false, error: 'ratelimited' } };
      }
      if (!channels.some((c) => c.id === b.channel) && b.channel !== 'C_RATELIMIT')
        return { body: { ok: false, error: 'channel_not_found' } };
      if (b.text === undefined && b.blocks === undefined) return { body: { ok: false, error: 'no_text' } };
      if (b.blocks !== undefined && !Array.isArray(b.blocks))
        return {
          body: {
            ok: false,
            error: 'invalid_blocks',
            response_metadata: { messages: ['[ERROR] must provide an array [json-pointer:/blocks]'] },
          },
        };
      return {
        body: {
          ok: true,
          channel: b.channel,
          ts: '1503435956.000247',
          message: {
            type: 'message',
            text: b.text ?? '',
            ...(b.thread_ts ? { thread_ts: b.thread_ts } : {}),
          },
        },
      };
    }
    return { status: 404, body: { ok: false, error: 'unknown_method' } };
  };
  return Object.assign(handler as Handler, { channels });
}

// ------------------------------------------------------------------ Stripe
// https://docs.stripe.com/api/customers ; https://docs.stripe.com/api/pagination ; https://docs.stripe.com/api/errors ; https://docs.stripe.com/api/idempotent_requests
export function stripeFake(): Handler & { customers: Record<string, unknown>[]; keys: Map<string, Answer> } {
  const customers: Record<string, unknown>[] = Array.from({ length: 12 }, (_, i) => ({
    id: `cus_${String(100 + i)}`,
    object: 'customer',
    email: i % 3 === 0 ? 'jenny@example.com' : `user${i}@example.com`,
    name: `Customer ${i}`,
    metadata: {},
  }));
  const keys = new Map<string, Answer>();
  let flaky = 0;
  const handler = (r: SeenRequest): Answer => {
    if (r.headers.authorization !== `Bearer ${CREDENTIALS.stripe.token}`) {
      const given = (r.headers.authorization ?? '').replace(/^Bearer /, '');
      return {
        status: 401,
        body: {
          error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given}` },
        },
      };
    }
    if (r.path === '/v1/customers' && r.method === 'GET') {
      const limit = Number(q(r, 'limit') ?? 10);
      if (!(limit >= 1 && limit <= 100))
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'parameter_invalid_integer',
              param: 'limit',
              message: 'Invalid integer',
            },
          },
        };
      const email = q(r, 'email');
      const matching = customers.filter((c) => email === undefined || c.email === email);
      const after = q(r, 'starting_after');
      let start = 0;
      if (after !== undefined) {
        const at = matching.findIndex((c) => c.id === after);
        if (at < 0)
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                param: 'starting_after',
                message: `No such customer: '${after}'`,
              },
            },
          };
        start = at + 1;
      }
      const data = matching.slice(start, start + limit);
      return {
        body: { object: 'list', url: '/v1/customers', has_more: start + limit < matching.length, data },
      };
    }
    if (r.path === '/v1/customers' && r.method === 'POST') {
      const key = r.headers['idempotency-key'];
      if (key && keys.has(key)) return keys.get(key) as Answer;
      if (!(r.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: 'Invalid request: expected form encoding' },
          },
        };
      const form = parseForm(r.rawBody);
      if (form.email === 'flaky@example.com' && flaky++ === 0)
        return {
          status: 500,
          body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
        };
      if (typeof form.email === 'string' && !form.email.includes('@'))
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'email_invalid',
              param: 'email',
              message: `Invalid email address: ${form.email}`,
              doc_url: 'https://stripe.com/docs/error-codes/email-invalid',
            },
          },
        };
      const created = {
        id: `cus_new${customers.length}`,
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        description: form.description ?? null,
        metadata: form.metadata ?? {},
      };
      customers.unshift(created);
      const answer: Answer = { body: created };
      if (key) keys.set(key, answer);
      return answer;
    }
    return {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${r.method}: ${r.path}).`,
        },
      },
    };
  };
  return Object.assign(handler as Handler, { customers, keys });
}

// ------------------------------------------------------------------ Jira
// https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-projects/#api-rest-api-3-project-search-get
// https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/
export function jiraFake(): Handler & { projects: Record<string, unknown>[] } {
  const projects = Array.from({ length: 8 }, (_, i) => ({
    id: String(10000 + i),
    key: i < 5 ? `ENG${i}` : `OPS${i}`,
    name: i < 5 ? `Engineering ${i}` : `Operations ${i}`,
  }));
  const handler = (r: SeenRequest): Answer => {
    if (r.headers.authorization !== basic(CREDENTIALS.jira.username, CREDENTIALS.jira.password)) {
      return {
        status: 401,
        body: {
          errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
          errors: {},
        },
      };
    }
    if (r.path === '/rest/api/3/project/search' && r.method === 'GET') {
      const startAt = Number(q(r, 'startAt') ?? 0);
      const maxResults = Math.min(Number(q(r, 'maxResults') ?? 50), 100);
      const query = (q(r, 'query') ?? '').toLowerCase();
      const matching = projects.filter(
        (p) => query === '' || p.key.toLowerCase().includes(query) || p.name.toLowerCase().includes(query),
      );
      const values = matching.slice(startAt, startAt + maxResults);
      return {
        body: {
          self: `https://acme.atlassian.net/rest/api/3/project/search?startAt=${startAt}&maxResults=${maxResults}`,
          maxResults,
          startAt,
          total: matching.length,
          isLast: startAt + values.length >= matching.length,
          values,
        },
      };
    }
    const issue = /^\/rest\/api\/3\/issue\/([^/]+)$/.exec(r.path);
    if (issue && r.method === 'GET') {
      if (issue[1] !== 'ENG-1')
        return {
          status: 404,
          body: {
            errorMessages: ['Issue does not exist or you do not have permission to see it.'],
            errors: {},
          },
        };
      return { body: { id: '10001', key: 'ENG-1', fields: { summary: 'First', status: { name: 'To Do' } } } };
    }
    if (r.path === '/rest/api/3/issue' && r.method === 'POST') {
      const f = ((r.body as Record<string, unknown>)?.fields ?? {}) as Record<
        string,
        Record<string, unknown>
      >;
      const errors: Record<string, string> = {};
      if (!projects.some((p) => p.key === f.project?.key)) errors.project = 'valid project is required';
      if (typeof f.summary !== 'string' || (f.summary as string).trim() === '')
        errors.summary = 'You must specify a summary of the issue.';
      if (!['Task', 'Bug', 'Story'].includes(String(f.issuetype?.name)))
        errors.issuetype = 'The issue type selected is invalid.';
      const d = f.description as Record<string, unknown> | undefined;
      if (d !== undefined && (d.type !== 'doc' || d.version !== 1 || !Array.isArray(d.content)))
        errors.description =
          'Operation value must be an Atlassian Document (see the Atlassian Document Format).';
      if (Object.keys(errors).length > 0) return { status: 400, body: { errorMessages: [], errors } };
      return {
        status: 201,
        body: {
          id: '10099',
          key: `${f.project?.key}-99`,
          self: 'https://acme.atlassian.net/rest/api/3/issue/10099',
        },
      };
    }
    return { status: 404, body: { errorMessages: ['Not found'], errors: {} } };
  };
  return Object.assign(handler as Handler, { projects });
}

// ------------------------------------------------------------------ Linear
// https://developers.linear.app/docs/graphql/working-with-the-graphql-api ; .../pagination ; .../rate-limiting
export function linearFake(): Handler & { issues: Record<string, unknown>[] } {
  const issues = Array.from({ length: 11 }, (_, i) => ({
    id: `issue-${i}`,
    identifier: `ENG-${i}`,
    title: `Issue ${i}`,
    priority: i % 5,
    url: `https://linear.app/acme/issue/ENG-${i}`,
    team: i % 2 === 0 ? 'team-a' : 'team-b',
  }));
  let limited = false;
  const gqlError = (status: number, code: string, message: string): Answer => ({
    status,
    body: { errors: [{ message, extensions: { code, userPresentableMessage: message } }], data: null },
  });
  const handler = (r: SeenRequest): Answer => {
    if (r.path !== '/graphql' || r.method !== 'POST') return { status: 404, body: 'Not found' };
    if (r.headers.authorization !== CREDENTIALS.linear.apiKey)
      return gqlError(400, 'AUTHENTICATION_ERROR', 'Authentication required, not authenticated');
    const b = r.body as { query?: string; variables?: Record<string, unknown> };
    if (typeof b?.query !== 'string')
      return gqlError(400, 'GRAPHQL_PARSE_FAILED', 'Must provide query string.');
    const v = b.variables ?? {};
    if (
      /^\s*query Issues\b/.test(b.query) &&
      b.query.includes('issues(first: $first, after: $after, filter: $filter)')
    ) {
      const teamId = (v.filter as { team?: { id?: { eq?: string } } } | undefined)?.team?.id?.eq;
      if (teamId === 'team-ratelimit' && !limited) {
        limited = true;
        return gqlError(400, 'RATELIMITED', 'Rate limit exceeded');
      }
      if (teamId === 'team-forbidden')
        return {
          status: 200,
          body: {
            ...(gqlError(0, 'FORBIDDEN', 'You do not have access to this team').body as object),
            data: null,
          },
        };
      const first = Number(v.first ?? 50);
      if (!(first >= 1 && first <= 250)) return gqlError(400, 'INVALID_INPUT', 'Argument Validation Error');
      const matching = issues.filter(
        (i) => teamId === undefined || teamId === 'team-ratelimit' || i.team === teamId,
      );
      const start = typeof v.after === 'string' ? matching.findIndex((i) => i.id === v.after) + 1 : 0;
      const nodes = matching.slice(start, start + first).map(({ team: _t, ...n }) => n);
      return {
        body: {
          data: {
            issues: {
              nodes,
              pageInfo: { hasNextPage: start + first < matching.length, endCursor: nodes.at(-1)?.id ?? null },
            },
          },
        },
      };
    }
    if (/^\s*mutation IssueCreate\b/.test(b.query) && b.query.includes('issueCreate(input: $input)')) {
      const input = (v.input ?? {}) as Record<string, unknown>;
      if (input.teamId !== 'team-a' && input.teamId !== 'team-b')
        return {
          status: 200,
          body: {
            ...(gqlError(0, 'INVALID_INPUT', 'Argument Validation Error: teamId').body as object),
            data: null,
          },
        };
      const issue = {
        id: 'issue-new',
        identifier: 'ENG-99',
        title: input.title,
        priority: input.priority ?? 0,
        url: 'https://linear.app/acme/issue/ENG-99',
      };
      return { body: { data: { issueCreate: { success: true, issue } } } };
    }
    return gqlError(400, 'GRAPHQL_VALIDATION_FAILED', 'Cannot query field on type "Query".');
  };
  return Object.assign(handler as Handler, { issues });
}

// ------------------------------------------------------------------ Twilio
// https://www.twilio.com/docs/messaging/api/message-resource ; https://www.twilio.com/docs/usage/twilios-response#pagination
export function twilioFake(): Handler & { messages: Record<string, unknown>[] } {
  const sid = CREDENTIALS.twilio.accountSid;
  const messages = Array.from({ length: 10 }, (_, i) => ({
    sid: `SM${String(i).padStart(32, '0')}`,
    account_sid: sid,
    to: i % 2 === 0 ? '+15558675310' : '+15558675311',
    from: '+15017122661',
    body: `Message ${i}`,
    status: 'delivered',
  }));
  const err = (status: number, code: number, message: string): Answer => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  const handler = (r: SeenRequest): Answer => {
    if (r.headers.authorization !== basic(CREDENTIALS.twilio.username, CREDENTIALS.twilio.password))
      return err(401, 20003, 'Authenticate');
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(r.path);
    if (!m) return err(404, 20404, `The requested resource ${r.path} was not found`);
    if (m[1] !== sid) return err(404, 20404, `The requested resource ${r.path} was not found`);
    if (r.method === 'GET') {
      const size = Number(q(r, 'PageSize') ?? 50);
      const page = Number(q(r, 'Page') ?? 0);
      const matching = messages.filter(
        (x) =>
          (q(r, 'To') === undefined || x.to === q(r, 'To')) &&
          (q(r, 'From') === undefined || x.from === q(r, 'From')),
      );
      const token = q(r, 'PageToken');
      const start = token ? Number(token.replace(/^PA/, '')) : 0;
      if (page > 0 && !token) return err(400, 20006, 'Page token is required for pages after the first');
      const slice = matching.slice(start, start + size);
      const more = start + size < matching.length;
      const uri = (p: number, t?: number) => {
        const params = new URLSearchParams();
        if (q(r, 'To')) params.set('To', q(r, 'To') as string);
        if (q(r, 'From')) params.set('From', q(r, 'From') as string);
        params.set('PageSize', String(size));
        params.set('Page', String(p));
        if (t !== undefined) params.set('PageToken', `PA${t}`);
        return `${r.path}?${params}`;
      };
      return {
        body: {
          messages: slice,
          page,
          page_size: size,
          start,
          end: start + slice.length - 1,
          first_page_uri: uri(0),
          previous_page_uri: page > 0 ? uri(page - 1) : null,
          next_page_uri: more ? uri(page + 1, start + size) : null,
          uri: `${r.path}?PageSize=${size}&Page=${page}`,
        },
      };
    }
    if (r.method === 'POST') {
      if (!(r.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return err(400, 20001, 'Invalid content type');
      const form = parseForm(r.rawBody);
      if (!form.To) return err(400, 21604, "A 'To' phone number is required.");
      if (!/^\+[1-9]\d{7,14}$/.test(String(form.To)))
        return err(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
      if (!form.Body) return err(400, 21602, 'Message body is required.');
      const created = {
        sid: 'SMnew0000000000000000000000000000',
        account_sid: sid,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: 'queued',
        status_callback: form.StatusCallback ?? null,
      };
      return { status: 201, body: created };
    }
    return err(405, 20004, 'Method not allowed');
  };
  return Object.assign(handler as Handler, { messages });
}
