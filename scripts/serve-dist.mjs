// Serves the production build (dist/) like the static hosts do: the headers of dist/_headers, hashed assets,
// and index.html for every route (SPA fallback). Used by the e2e suite, the budget and Lighthouse.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const dist = resolve(process.env.DIST_DIR ?? 'dist');
const port = Number(process.env.PORT ?? 4173);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

/** Netlify/Cloudflare-style _headers: a path pattern, then indented "Name: value" lines. */
export function parseHeaders(text) {
  const rules = [];
  let current = null;
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: raw.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const index = raw.indexOf(':');
      if (index > 0) current.headers.push([raw.slice(0, index).trim(), raw.slice(index + 1).trim()]);
    }
  }
  return rules;
}

function matches(pattern, path) {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}

const headersFile = join(dist, '_headers');
const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];

function headersFor(path) {
  const out = {};
  for (const rule of rules) {
    if (!matches(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) out[name.toLowerCase()] = value;
  }
  return out;
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let path = decodeURIComponent(url.pathname);
  let file = normalize(join(dist, path));
  if (!file.startsWith(dist)) {
    response.writeHead(400).end();
    return;
  }
  let isFile = existsSync(file) && statSync(file).isFile();
  if (!isFile) {
    if (path.startsWith('/assets/') || extname(path) !== '') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    file = join(dist, 'index.html');
    path = '/index.html';
    isFile = true;
  }
  const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headersFor(path) };
  if (path === '/index.html' || extname(file) === '.html') Object.assign(headers, headersFor('/'));
  response.writeHead(200, headers);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(file).pipe(response);
});

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  server.listen(port, () => console.log(`dist/ em http://localhost:${port} (portal.localhost, backoffice.localhost)`));
}
