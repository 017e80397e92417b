import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactUrl } from './actor.ts';

test('redactUrl hides access tokens and transient keys, and nothing else', () => {
  assert.equal(redactUrl('/api/v2/tokens/3?transientKey=abc&x=1'), '/api/v2/tokens/3?transientKey=[redacted]&x=1');
  assert.equal(redactUrl('/api/v2/users/me?x=1&access_token=va.secret'), '/api/v2/users/me?x=1&access_token=[redacted]');
  assert.equal(redactUrl('/entry/signout?TransientKey=k&Target=/'), '/entry/signout?TransientKey=[redacted]&Target=/');
  assert.equal(redactUrl('/api/v2/discussions?page=2'), '/api/v2/discussions?page=2');
  assert.equal(redactUrl('/api/v2/x?my_access_token=keep'), '/api/v2/x?my_access_token=keep');
});
