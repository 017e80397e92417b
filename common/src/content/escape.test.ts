import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { escapeHtml, escapeText, escapeWithBreaks } from './escape.ts';

describe('the one HTML escaper', () => {
  test('escapeHtml escapes markup and both quotes, for text and quoted attributes', () => {
    assert.equal(
      escapeHtml(`Pruning <roses> & "more" 'now'`),
      'Pruning &lt;roses&gt; &amp; &quot;more&quot; &#39;now&#39;',
    );
  });

  test('escapeText leaves quotes whole so a mention reaches its filter', () => {
    assert.equal(escapeText('@"two words" <b> & c'), '@"two words" &lt;b&gt; &amp; c');
  });

  test('escapeWithBreaks turns every kind of line break into <br>', () => {
    assert.equal(escapeWithBreaks('a<\r\nb\rc\nd'), 'a&lt;<br>b<br>c<br>d');
  });
});
