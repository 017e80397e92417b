import { describe, expect, it } from 'vitest';
import { diffWords } from './diff.ts';

describe('diffWords', () => {
  it('keeps common words and marks removed and added ones', () => {
    expect(diffWords('the quick fox', 'the slow fox')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' fox' },
    ]);
  });

  it('handles empty sides and identical texts', () => {
    expect(diffWords('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(diffWords('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
    expect(diffWords('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
  });
});
