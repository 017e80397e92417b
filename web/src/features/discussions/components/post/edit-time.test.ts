import { describe, expect, it } from 'vitest';
import { editSecondsLeft, editTimeLabel } from './edit-time.ts';

describe('edit countdown', () => {
  const posted = '2024-03-05T14:00:00+00:00';
  const at = (iso: string) => Date.parse(iso);

  it('counts down ui.editContentTimeout from the post date; -1 means no limit', () => {
    expect(editSecondsLeft(posted, 3600, at('2024-03-05T14:10:00Z'))).toBe(3000);
    expect(editSecondsLeft(posted, 3600, at('2024-03-05T15:00:01Z'))).toBe(0);
    expect(editSecondsLeft(posted, -1, at('2024-03-05T20:00:00Z'))).toBeNull();
  });

  it('labels minutes, then seconds in the last minute', () => {
    expect(editTimeLabel(3000)).toBe('You can edit this for 50 more minutes.');
    expect(editTimeLabel(61)).toBe('You can edit this for 2 more minutes.');
    expect(editTimeLabel(60)).toBe('You can edit this for 1 more minute.');
    expect(editTimeLabel(42)).toBe('You can edit this for 42 more seconds.');
    expect(editTimeLabel(1)).toBe('You can edit this for 1 more second.');
    expect(editTimeLabel(0)).toBe('');
  });
});
