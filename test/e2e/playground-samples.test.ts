/**
 * Issue 30: the request samples beside an endpoint follow what the reader types in Try it, in every
 * language the page shows, byte for byte what the build's generator (httpsnippet in Node) writes
 * for that request, typed secrets left as placeholders; and a picker chooses among a body's
 * examples or a `oneOf`'s variants, for the samples and the Try-it body alike.
 * Issue 33: the samples after the first tab come from the page's samples file, coloured as the build coloured them.
 * Fixture: test/fixtures/e2e/samples. `DOCJET_SHOTS=<folder>` saves screenshots.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { generateCodeSamples, sampleLanguages, type RequestParts } from '../../src/openapi/endpoint/code-samples.ts';
import { browserSuite, e2eTest, eventually, inWindow, type BrowserWindow } from './harness.ts';

const SHOTS = process.env['DOCJET_SHOTS'];
const e2e = browserSuite({ site: { fixture: 'samples' } });

/** What httpsnippet writes in Node for a request, by language key. */
function nodeSamples(parts: RequestParts, keys: string[]): Record<string, string> {
  return Object.fromEntries(generateCodeSamples(parts, sampleLanguages(keys)).map((sample) => [sample.language.key, sample.code]));
}

const sample = (page: Page, key: string): Promise<string> => page.locator(`[data-sample="${key}"] code`).evaluate((code) => code.textContent ?? '');

e2eTest('typed in Try it, a query value and a body field show in the Python and Go samples, as httpsnippet writes them in Node; a typed token does not', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/add-a-note');
  await page.locator('.request-example [role="tab"]', { hasText: 'Python' }).click();
  await eventually(() => sample(page, 'python').then((built) => /"text": "hello"/.test(built)), true, 'the built page shows the first example');
  await page.locator('.playground-summary').click();
  await page.locator('[data-param="query"][data-name="q"]').fill('brown & white');
  await page.locator('textarea[data-body]').fill('{"text": "typed in Try it", "pinned": true}');
  await page.locator('[data-auth="token"]').fill('secret-token-1234');

  const expected = nodeSamples(
    {
      method: 'POST',
      url: 'http://127.0.0.1:9/v1/pets/rex/notes',
      templates: [],
      query: ['q=brown%20%26%20white'],
      headers: new Map([
        ['Authorization', 'Bearer <token>'],
        ['Content-Type', 'application/json'],
      ]),
      cookies: [],
      body: { mediaType: 'application/json', value: { text: 'typed in Try it', pinned: true } },
    },
    ['python', 'go', 'javascript', 'node', 'ruby', 'php', 'java', 'csharp'],
  );
  await eventually(() => sample(page, 'python'), expected['python']!, 'the Python sample follows Try it');
  assert.match(expected['python']!, /\?q=brown%20%26%20white"/);
  assert.match(expected['go']!, /typed in Try it/);
  assert.equal(await sample(page, 'go'), expected['go']);
  for (const key of ['javascript', 'node', 'ruby', 'php', 'java', 'csharp']) assert.equal(await sample(page, key), expected[key], `the ${key} sample`);
  const curl = await sample(page, 'bash');
  assert.match(curl, /--url 'http:\/\/127\.0\.0\.1:9\/v1\/pets\/rex\/notes\?q=brown%20%26%20white'/);
  assert.match(curl, /"text": "typed in Try it"/);
  const all = await page.locator('.endpoint-examples').textContent();
  assert.ok(!all?.includes('secret-token-1234'), 'the typed token is in no sample');
  assert.match((await page.locator('[data-curl]').textContent()) ?? '', /Bearer secret-token-1234/, "Try it's own cURL command, which it runs, has it");
  if (SHOTS) {
    await page.locator('.request-example [role="tab"]', { hasText: 'Python' }).click();
    await page.locator('.endpoint-examples').screenshot({ path: `${SHOTS}/samples-1-typed-python.png` });
  }
});

/** A sample's block as the page shows it: its HTML (the figure, with its coloured spans). */
const block = (page: Page, key: string): Promise<string> => page.locator(`.request-example [data-sample="${key}"]`).evaluate((target) => target.innerHTML);

/** The distinct colours the tokens of a sample's code are drawn in. */
const colours = (page: Page, key: string): Promise<string[]> =>
  inWindow(
    page,
    (window, sampleKey) => {
      const spans = [...window.document.querySelectorAll(`.request-example [data-sample="${sampleKey}"] code span.line span`)];
      return [...new Set(spans.map((span) => window.getComputedStyle(span).color as string))];
    },
    key,
  );

/** The blocks of a samples file by language key, as the server answers it: what the build coloured. */
const fileBlocks = (page: Page, href: string): Promise<Record<string, string>> =>
  inWindow(
    page,
    async (window, url) => {
      const file = new window.DOMParser().parseFromString(await (await window.fetch(url)).text(), 'text/html');
      return Object.fromEntries([...file.querySelectorAll('[data-samples] > [data-sample]')].map((each: BrowserWindow) => [each.dataset.sample ?? '', each.innerHTML as string]));
    },
    href,
  );

e2eTest(
  "a sample tab after the first shows the build's coloured block, fetched once from the page's samples file when the tabs are first used; Try it still rewrites it (issue 33)",
  async (t) => {
    const page = await e2e.open(t, 'site');
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/_docjet/samples/')) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(e2e.site('site').href('api-reference/add-a-note'));
    assert.match(await sample(page, 'bash'), /--data '\{\n {2}"text": "hello"\n\}'/, 'the first tab is in the page');
    assert.equal(await page.locator('.request-example [data-sample="python"] code').count(), 0, 'the Python tab is not');
    const href = (await page.locator('.request-example a.samples-link').getAttribute('href')) ?? '';
    assert.match(href, /^\/_docjet\/samples\/[0-9a-f]{10}\.html$/);
    const built = await fileBlocks(page, href);
    assert.deepEqual(Object.keys(built), ['python', 'javascript', 'node', 'go', 'ruby', 'php', 'java', 'csharp']);
    fetched.length = 0;

    await page.locator('.request-example [role="tab"]', { hasText: 'Python' }).click();
    await eventually(() => block(page, 'python'), built['python']!, "the Python block is the build's");
    assert.match(await sample(page, 'python'), /"text": "hello"/);
    const drawn = await colours(page, 'python');
    assert.ok(drawn.length >= 3, `its tokens are drawn in colours: ${drawn.join(', ')}`);
    assert.equal(await colours(page, 'bash').then((each) => each.length > 1), true, 'as the cURL block, which the page holds, is');
    await page.locator('.request-example [role="tab"]', { hasText: 'Go' }).click();
    assert.equal(await block(page, 'go'), built['go'], 'the Go block is in place as soon as its tab shows');
    await page.locator('.request-example [role="tab"]', { hasText: 'Go' }).press('ArrowRight');
    assert.equal(await block(page, 'ruby'), built['ruby'], 'the Ruby block, by keyboard');
    assert.deepEqual(fetched, [href], 'the file is fetched once');

    // What the reader types in Try it is then written into the samples, as before.
    await page.locator('.playground-summary').click();
    await page.locator('textarea[data-body]').fill('{"text": "typed in Try it"}');
    await eventually(() => sample(page, 'python').then((python) => python.includes('"text": "typed in Try it"')), true, 'the typed body in the Python sample');
    assert.match(await sample(page, 'ruby'), /typed in Try it/);

    // The reader's language follows to the next page, whose block is put in place at once, coloured.
    await page.locator('.request-example [role="tab"]', { hasText: 'PHP' }).click();
    await page.goto(e2e.site('site').href('api-reference/book-a-visit'));
    await eventually(() => page.locator('.request-example [role="tab"][aria-selected="true"]').textContent(), 'PHP', 'PHP is the chosen tab');
    await eventually(() => sample(page, 'php').then((php) => php.includes('application/x-www-form-urlencoded')), true, 'its PHP sample is in place');
    const next = (await page.locator('.request-example a.samples-link').getAttribute('href')) ?? '';
    assert.equal(await block(page, 'php'), (await fileBlocks(page, next))['php'], "the build's block");
  },
);

e2eTest(
  "when the samples file cannot be fetched, a tab's sample is written from the build's request when it is first shown: the text httpsnippet writes in Node, uncoloured (issue 33)",
  async (t) => {
    const page = await e2e.open(t, 'site');
    await page.route('**/_docjet/samples/**', (route) => route.abort());
    await page.goto(e2e.site('site').href('api-reference/add-a-note'));
    const data = await page.locator('[data-request]').getAttribute('data-request');
    const request = JSON.parse(data ?? '{}') as RequestParts & { headers: [string, string][] };
    const expected = nodeSamples({ ...request, headers: new Map(request.headers) }, ['go', 'php']);
    assert.match(expected['go']!, /text.*hello/);
    await page.locator('.request-example [role="tab"]', { hasText: 'Go' }).click();
    await eventually(() => sample(page, 'go'), expected['go']!, 'the Go sample');
    assert.equal(await page.locator('.request-example [data-sample="go"] code span.line span').count(), 0, 'uncoloured');
    assert.equal(await page.locator('.request-example [data-sample="go"] .code-title').textContent(), 'Go', 'in a block titled by its tab');
    await page.locator('.request-example [role="tab"]', { hasText: 'PHP' }).click();
    await eventually(() => sample(page, 'php'), expected['php']!, 'the PHP sample');
  },
);

e2eTest('a form body field and an emptied path parameter: the samples send the form and keep {petId}', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/book-a-visit');
  await page.locator('.playground-summary').click();
  await page.locator('[data-form-field][data-name="reason"]').fill('check-up & shots');
  const expected = nodeSamples(
    {
      method: 'POST',
      url: 'http://127.0.0.1:9/v1/visits',
      templates: [],
      query: [],
      headers: new Map([
        ['Authorization', 'Bearer <token>'],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ]),
      cookies: [],
      body: {
        mediaType: 'application/x-www-form-urlencoded',
        // `pet` is only a hint in Try it (the schema's example, not filled in): not sent.
        value: { reason: 'check-up & shots' },
        form: { text: 'reason=check-up%20%26%20shots', pairs: [['reason', 'check-up%20%26%20shots']] },
      },
    },
    ['python', 'go'],
  );
  await eventually(() => sample(page, 'go'), expected['go']!, 'the Go sample sends the form');
  assert.equal(await sample(page, 'python'), expected['python']);

  const note = await e2e.open(t, 'site', 'api-reference/add-a-note');
  await note.locator('.playground-summary').click();
  await note.locator('[data-param="path"][data-name="petId"]').fill('');
  await eventually(async () => (await sample(note, 'bash')).includes("--url 'http://127.0.0.1:9/v1/pets/{petId}/notes'"), true, 'curl keeps the template');
  assert.match(await sample(note, 'python'), /url = "http:\/\/127\.0\.0\.1:9\/v1\/pets\/\{petId\}\/notes"/);
});

e2eTest('several examples: picking the second changes the cURL body and the Try-it body; a oneOf gets one option per variant', async (t) => {
  const page = await e2e.open(t, 'site', 'api-reference/add-a-note');
  const picker = page.locator('[data-body-picker] select');
  assert.deepEqual(await picker.locator('option').allTextContents(), ['Short note', 'Pinned note']);
  assert.equal(await page.locator('[data-body-choices]').isHidden(), true, 'the picker stands for the list of other bodies');
  assert.match(await sample(page, 'bash'), /--data '\{\n {2}"text": "hello"\n\}'/);
  if (SHOTS) await page.locator('.endpoint-examples').screenshot({ path: `${SHOTS}/samples-2-picker-first.png` });

  await picker.selectOption({ label: 'Pinned note' });
  await eventually(() => sample(page, 'bash').then((curl) => /"text": "remember the vet",\n {2}"pinned": true/.test(curl)), true, 'the cURL body is the second example');
  assert.equal(await page.locator('textarea[data-body]').inputValue(), '{\n  "text": "remember the vet",\n  "pinned": true\n}');
  assert.match(await sample(page, 'python'), /"pinned": True/);
  await page.locator('.playground-summary').click();
  assert.match((await page.locator('[data-curl]').textContent()) ?? '', /"pinned": true/, "Try it's own cURL command sends it too");
  if (SHOTS) await page.locator('.endpoint-examples').screenshot({ path: `${SHOTS}/samples-3-picker-second.png` });
  if (SHOTS) await page.locator('.playground-media').screenshot({ path: `${SHOTS}/samples-3-try-it-body.png` });

  const pets = await e2e.open(t, 'site', 'api-reference/add-a-pet');
  const variants = pets.locator('[data-body-picker] select');
  assert.deepEqual(await variants.locator('option').allTextContents(), ['Cat', 'Dog']);
  await variants.selectOption({ label: 'Dog' });
  await eventually(() => sample(pets, 'go').then((go) => go.includes('\\"kind\\":\\"dog\\"')), true, 'the Go sample sends the Dog variant');
  assert.deepEqual(JSON.parse(await pets.locator('textarea[data-body]').inputValue()), { kind: 'dog', good: true });
});

e2eTest('without JavaScript, the first body is in the samples and every other one in a list below them', async (t) => {
  const page = await e2e.open(t, 'site', undefined, { javaScriptEnabled: false });
  await page.goto(e2e.site('site').href('api-reference/add-a-note'));
  assert.equal(await page.locator('[data-body-picker]').isHidden(), true);
  // The first sample is in the page; the others, which the page script writes, are not shown, nor their tabs.
  assert.deepEqual(
    await page.locator('.request-example .code-title').evaluateAll((titles) => titles.filter((title) => title.getClientRects().length > 0).map((title) => title.textContent)),
    ['cURL'],
  );
  assert.equal(await page.locator('.request-example [role="tablist"]').isHidden(), true);
  // A link to the others, which the samples file shows, coloured, with a link back.
  const link = page.locator('.request-example a.samples-link');
  assert.equal(await link.textContent(), 'Other languages: Python, JavaScript, Node.js, Go, Ruby, PHP, Java, C#');
  assert.equal(await link.isVisible(), true);
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  assert.deepEqual(
    await page.locator('[data-samples] .code-title').evaluateAll((titles) => titles.filter((title) => title.getClientRects().length > 0).map((title) => title.textContent)),
    ['Python', 'JavaScript', 'Node.js', 'Go', 'Ruby', 'PHP', 'Java', 'C#'],
  );
  assert.match((await page.locator('[data-sample="python"] pre').textContent()) ?? '', /"text": "hello"/);
  assert.ok((await page.locator('[data-sample="python"] code span.line span').count()) > 3, 'coloured');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/samples-5-no-javascript-file.png`, fullPage: true });
  await page.locator('.page-title a').click();
  await page.waitForURL((url) => url.pathname === '/api-reference/add-a-note');
  const others = page.locator('[data-body-choices]');
  assert.match((await others.locator('summary').textContent()) ?? '', /Other request bodies \(the samples send “Short note”\)/);
  await others.locator('summary').click();
  assert.equal(await others.locator('.code-title').textContent(), 'Pinned note');
  assert.match((await others.locator('pre').textContent()) ?? '', /"text": "remember the vet",\s+"pinned": true/);
  if (SHOTS) await page.locator('.endpoint-examples').screenshot({ path: `${SHOTS}/samples-4-no-javascript.png` });
});
