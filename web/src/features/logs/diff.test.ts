import { describe, expect, it } from 'vitest';
import { diffWords, sourceText } from './diff.ts';

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

describe('sourceText', () => {
  it('rich2 source reads as its text, one line per block; HTML without tags; others as written', () => {
    const rich2 = JSON.stringify([
      { type: 'p', children: [{ text: 'Hello ' }, { text: 'there', bold: true }] },
      { type: 'p', children: [{ text: 'Second' }] },
    ]);
    expect(sourceText(rich2, 'rich2')).toBe('Hello there\nSecond');
    expect(sourceText('<p>One <b>two</b></p>', 'html')).toBe('One two');
    expect(sourceText('Some *markdown*', 'markdown')).toBe('Some *markdown*');
    expect(sourceText('not json', 'rich2')).toBe('not json');
  });
});
