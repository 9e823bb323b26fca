/**
 * GET /items?cursor=<n>&limit=<k>: PAGES pages of items (argv[2], default 1000), each item a
 * ~150-byte record, `{results, next_cursor, has_more}` like Notion's lists.
 */
import { createServer } from 'node:http';
import { listenForParent } from '../lib/child-server.mjs';

const PAGES = Number(process.argv[2] ?? 1000);

function item(i) {
  return {
    id: `item-${String(i).padStart(6, '0')}`,
    name: `Item number ${i}`,
    created_time: '2025-10-02T15:00:00.000Z',
    tags: ['alpha', 'beta'],
    score: i % 97,
    archived: false,
  };
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== '/items') {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"code":"not_found","message":"no such path"}');
    return;
  }
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const page = Number(url.searchParams.get('cursor') ?? 0);
  const results = Array.from({ length: limit }, (_, k) => item(page * limit + k));
  const last = page + 1 >= PAGES;
  const body = JSON.stringify({ results, next_cursor: last ? null : String(page + 1), has_more: !last });
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
listenForParent(server);
