import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Tag } from '../../../../common/src/api/tags.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TagCloud } from './TagCloud.tsx';

const tag = (tagID: number, name: string, urlcode: string, countDiscussions: number): Tag => ({
  tagID,
  name,
  urlcode,
  urlCode: urlcode,
  type: 'User',
  url: `/discussions/tagged/${urlcode}`,
  parentTagID: null,
  countDiscussions,
});

describe('TagCloud', () => {
  it('links each tag to its tag page (issue 14) with the count in words', () => {
    renderWithApp(<TagCloud title="Popular Tags" tags={[tag(1, 'Tomato', 'tomato', 3), tag(2, 'Crème brûlée', 'crème-brûlée', 1)]} />);
    expect(screen.getByRole('link', { name: /Tomato/ }).getAttribute('href')).toBe('/discussions/tagged/tomato');
    expect(screen.getByRole('link', { name: /Crème brûlée/ }).getAttribute('href')).toBe(
      `/discussions/tagged/${encodeURIComponent('crème-brûlée')}`,
    );
    expect(screen.getByLabelText('3 discussions')).toBeTruthy();
    expect(screen.getByLabelText('1 discussion')).toBeTruthy();
  });
});
