import assert from 'node:assert/strict';
import { journeyControlURL } from './server.ts';

/**
 * Moves the journey server's clock `seconds` on (e2e/server.ts), as a visitor's pause would: for
 * rules counted in seconds, such as one sign-in attempt per second per account and address
 * (api-contract §1.13), instead of sleeping them out. Journeys run one at a time, so no other
 * journey is hurried by it; the server's clock only ever moves forward.
 */
export async function advanceServerClock(seconds: number): Promise<void> {
  const response = await fetch(`${journeyControlURL()}/clock/advance?seconds=${seconds}`, {
    method: 'POST',
  });
  assert.equal(response.status, 200, 'the journey server moved its clock');
}
