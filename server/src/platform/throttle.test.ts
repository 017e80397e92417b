import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backoffSeconds, retryAfterDescription, throttleAddress } from './throttle.ts';

void test('throttleAddress: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
  assert.equal(throttleAddress('203.0.113.7'), '203.0.113.7');
  assert.equal(throttleAddress('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(throttleAddress('2001:db8:1:2::1'), '2001:db8:1:2::/64');
  assert.equal(throttleAddress('2001:0db8:0001:0002:ffff:0:0:99'), '2001:db8:1:2::/64');
  assert.equal(throttleAddress('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(throttleAddress('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(throttleAddress('::1'), '0:0:0:0::/64');
});

void test('backoffSeconds: free failures, then doubling up to the cap', () => {
  const rule = { freeFailures: 5, baseSeconds: 2, maxSeconds: 60, resetAfterSeconds: 86_400 };
  assert.deepEqual(
    [1, 5, 6, 7, 8, 9, 10, 40].map((failures) => backoffSeconds(rule, failures)),
    [0, 0, 2, 4, 8, 16, 32, 60],
  );
});

void test('retryAfterDescription says when, in words', () => {
  assert.equal(retryAfterDescription(1), 'Try again in 1 second.');
  assert.equal(retryAfterDescription(30), 'Try again in 30 seconds.');
});
