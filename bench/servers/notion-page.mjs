/** Answers GET /v1/pages/<id> with a realistic ~2 KB Notion page (fixtures/notion-page.json). */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { listenForParent } from '../lib/child-server.mjs';
import { FIXTURES } from '../lib/paths.mjs';

const page = JSON.parse(readFileSync(join(FIXTURES, 'notion-page.json'), 'utf8'));
const body = Buffer.from(JSON.stringify(page));
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(body.length),
  'x-request-id': 'bench',
};
const notFound = Buffer.from('{"object":"error","status":404,"code":"object_not_found","message":"no"}');

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'GET' && req.url?.startsWith('/v1/pages/')) {
      res.writeHead(200, headers);
      res.end(body);
    } else {
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': String(notFound.length) });
      res.end(notFound);
    }
  });
});
listenForParent(server);
