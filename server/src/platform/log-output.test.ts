import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogOutput, logFormatFor } from './log-output.ts';

// Issue 11 item 22: request logs read as lines on a person's terminal, as JSON anywhere else.

test('a terminal gets pretty lines, a pipe or a file gets JSON', () => {
  assert.equal(logFormatFor(true), 'pretty');
  assert.equal(logFormatFor(false), 'json');
  assert.equal(logFormatFor(undefined), 'json');
});

const line = `${JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, hostname: 'h', reqId: 'r1', msg: 'request completed' })}\n`;

async function written(format: 'pretty' | 'json'): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-log-')), 'out.log');
  const fd = fs.openSync(file, 'w');
  try {
    const output = createLogOutput({ format, fd });
    output.stream.write(line);
    output.print('Hearth is running\n');
    await output.flush(5000);
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.closeSync(fd);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

test('JSON output writes the log line as it is', async () => {
  assert.equal(await written('json'), `${line}Hearth is running\n`);
});

test('pretty output writes one readable line per record with the level and message, not JSON', async () => {
  const text = await written('pretty');
  assert.equal(text.split('\n').length, 3, text);
  const first = text.split('\n')[0] ?? '';
  assert.throws(() => JSON.parse(first) as unknown);
  assert.match(first, /INFO/);
  assert.match(first, /request completed/);
  assert.match(text, /Hearth is running\n$/);
});
