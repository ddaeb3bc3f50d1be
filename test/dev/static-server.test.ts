/**
 * `serveStatic` over real HTTP on 127.0.0.1: nothing outside the served folder is reachable (by
 * `..` in any spelling or through a symbolic link), odd requests get 4xx answers, and a request
 * that fails answers 404 or 500 while the server stays up.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdir, mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fetchRaw } from '../support/http.ts';
import { until } from '../support/patience.ts';
import { serveStatic, type StaticServer, type StaticServerOptions } from '../../src/dev/static-server.ts';

/** A built site (`index.html`, `guide/index.html`, `404.html`) beside a secret file, served. */
async function servedSite(t: { after(fn: () => Promise<void>): void }, extra: Partial<StaticServerOptions> = {}): Promise<{ server: StaticServer; dir: string; out: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docjet-serve-'));
  const out = path.join(dir, 'dist');
  await mkdir(path.join(out, 'guide'), { recursive: true });
  await writeFile(path.join(out, 'index.html'), 'HOME');
  await writeFile(path.join(out, 'guide', 'index.html'), 'GUIDE');
  await writeFile(path.join(out, '404.html'), 'NOT FOUND PAGE');
  await writeFile(path.join(dir, 'secret.txt'), 'SECRET');
  const server = await serveStatic({ dir: out, port: 0, host: '127.0.0.1', ...extra });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { server, dir, out };
}

test('links pointing outside the served folder are not followed; links inside it are', async (t) => {
  const { server, dir, out } = await servedSite(t);
  await symlink(path.join(dir, 'secret.txt'), path.join(out, 'leak.txt'));
  await symlink('/etc/passwd', path.join(out, 'passwd'));
  await symlink(dir, path.join(out, 'up'));
  await symlink(path.join(out, 'guide'), path.join(out, 'alias'));
  const answers: Record<string, string> = {};
  for (const target of ['/leak.txt', '/passwd', '/up/secret.txt', '/alias', '/alias/index.html']) {
    const reply = await fetchRaw(server, target);
    answers[target] = `${reply.status} ${reply.body}`;
  }
  assert.deepEqual(answers, {
    '/leak.txt': '404 NOT FOUND PAGE',
    '/passwd': '404 NOT FOUND PAGE',
    '/up/secret.txt': '404 NOT FOUND PAGE',
    '/alias': '200 GUIDE',
    '/alias/index.html': '200 GUIDE',
  });
});

test('path traversal in every spelling, NUL bytes and malformed escapes: 404 or 400, never the file', async (t) => {
  const { server } = await servedSite(t);
  const cases: Record<string, number> = {
    '/../secret.txt': 404,
    '/%2e%2e/secret.txt': 404,
    '/%2E%2E%2Fsecret.txt': 404,
    '/guide/..%2f..%2fsecret.txt': 404,
    '/..%5csecret.txt': 404,
    '/%5c..%5c..%5csecret.txt': 404,
    '//etc/passwd': 404,
    [path.join(os.tmpdir(), 'x')]: 404,
    '/index.html%00.txt': 400,
    '/%00': 400,
    '/%E0%A4%A': 400,
    '/%': 400,
  };
  const answers: Record<string, number> = {};
  for (const target of Object.keys(cases)) {
    const reply = await fetchRaw(server, target);
    answers[target] = reply.status;
    assert.doesNotMatch(reply.body, /SECRET|root:/, target);
  }
  assert.deepEqual(answers, cases);
  assert.equal((await fetchRaw(server, '/guide')).body, 'GUIDE', 'the server is still up');
});

test('methods other than GET and HEAD: 405 with an Allow header', async (t) => {
  const { server } = await servedSite(t);
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    const reply = await fetchRaw(server, '/index.html', { method });
    assert.deepEqual([reply.status, reply.headers.allow], [405, 'GET, HEAD'], method);
  }
  const head = await fetchRaw(server, '/guide/', { method: 'HEAD' });
  assert.deepEqual([head.status, head.headers['content-length'], head.body], [200, '5', '']);
});

test('a file removed after it was found answers 404; the server stays up', async (t) => {
  const { server, out } = await servedSite(t, {
    // Between finding the file and opening it, the file goes away (a rebuild swapping folders).
    openFile: async (file) => {
      if (file.endsWith(path.join('guide', 'index.html'))) await rm(file);
      return open(file, 'r');
    },
  });
  assert.equal((await fetchRaw(server, '/guide/')).status, 404);
  assert.equal((await fetchRaw(server, '/')).body, 'HOME');
  assert.ok(out);
});

test('a file that cannot be read (EIO) answers 500; the server stays up', { skip: process.platform !== 'linux' && 'needs /proc' }, async (t) => {
  const { server } = await servedSite(t, {
    // /proc/self/mem is a regular file whose first read fails with EIO, as on a failing disk.
    openFile: (file) => (file.endsWith(`${path.sep}index.html`) && file.includes(`${path.sep}guide${path.sep}`) ? open('/proc/self/mem', 'r') : open(file, 'r')),
  });
  const failed = await fetchRaw(server, '/guide/');
  assert.equal(failed.status, 500);
  assert.equal((await fetchRaw(server, '/')).body, 'HOME');
});

test('a reader who leaves while the file is being opened: the file is closed at once, not left open until garbage collection', async (t) => {
  let left!: () => void;
  const readerLeft = new Promise<void>((resolve) => (left = resolve));
  let opening!: () => void;
  const opened = new Promise<void>((resolve) => (opening = resolve));
  const closed: string[] = [];
  const { server } = await servedSite(t, {
    // The file opens only once the reader has gone (a browser moving on before a page's files came).
    openFile: async (file) => {
      opening();
      await readerLeft;
      const handle = await open(file, 'r');
      const close = handle.close.bind(handle);
      handle.close = () => {
        closed.push(path.basename(path.dirname(file)));
        return close();
      };
      return handle;
    },
  });
  const request = http.get(`${server.url}guide/`);
  request.on('error', () => {});
  await opened;
  request.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  left();
  await until(() => closed.length > 0, 'the file of the left request closed');
  assert.deepEqual(closed, ['guide']);
  // The server still answers.
  assert.equal((await fetchRaw(server, '/')).body, 'HOME');
});
