/**
 * The dev server's idle queue (src/dev/idle.ts): work ahead of the reader runs one task at a time,
 * never while a request is answered, and what the reader already has open (its code's colours)
 * goes before the rest.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdleQueue } from '../../src/dev/idle.ts';

test('a task marked first runs before the tasks handed over earlier that have not started', async () => {
  const idle = new IdleQueue();
  const ran: string[] = [];
  const task = (name: string) => async () => void ran.push(name);
  const done = [idle.run(task('rest 1')), idle.run(task('rest 2')), idle.run(task('first 1'), { first: true }), idle.run(task('first 2'), { first: true })];
  await Promise.all(done);
  assert.deepEqual(ran, ['first 1', 'first 2', 'rest 1', 'rest 2']);
});

test('no task starts while a request is answered; a failing task fails alone', async () => {
  const idle = new IdleQueue();
  const ran: string[] = [];
  let answered = false;
  const request = idle.serving(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answered = true;
  });
  const failing = idle.run(async () => {
    ran.push(answered ? 'after the request' : 'during the request');
    throw new Error('boom');
  });
  const next = idle.run(async () => void ran.push('next'));
  await request;
  await assert.rejects(failing, /boom/);
  await next;
  assert.deepEqual(ran, ['after the request', 'next']);
});

test('a task starts only once no request has been answered for a while: a request that follows another closely does not find it running', async () => {
  // Long enough that the 20 ms between the two requests stays well inside it on a busy machine.
  const idle = new IdleQueue({ quietMs: 1_000 });
  const ran: string[] = [];
  const answered: number[] = [];
  let started = 0;
  const request = (name: string) =>
    idle.serving(async () => {
      ran.push(name);
      answered.push(performance.now());
    });
  await request('the page');
  const task = idle.run(async () => {
    started = performance.now();
    ran.push('task');
  });
  // The browser asks for the page's stylesheet a moment after its HTML.
  await new Promise((resolve) => setTimeout(resolve, 20));
  await request('its stylesheet');
  await task;
  assert.deepEqual(ran, ['the page', 'its stylesheet', 'task']);
  // A lower bound, which a busy machine only makes longer.
  assert.ok(started - answered[0]! >= 1_000, `the task waited for the quiet time (${started - answered[0]!} ms after the page)`);
});

test('requests that never leave the quiet time (a client polling) do not put a task off for ever', async () => {
  const idle = new IdleQueue();
  let ran = false;
  let polls = 0;
  const task = idle.run(async () => void (ran = true));
  // Polls until the task ran (the test's own timeout ends it otherwise): it runs while they go on.
  while (!ran) {
    await idle.serving(async () => void polls++);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await task;
  assert.ok(polls > 1, `the task ran while requests kept coming (${polls})`);
});
