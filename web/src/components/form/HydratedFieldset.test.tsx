import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydratedFieldset } from './HydratedFieldset.tsx';

function SignInLikeForm() {
  return (
    <form aria-label="Sign In">
      <HydratedFieldset>
        <input aria-label="Password" type="password" name="password" />
        <button type="submit">Sign In</button>
      </HydratedFieldset>
    </form>
  );
}

describe('HydratedFieldset', () => {
  it('renders the controls disabled on the server, so nothing submits before React handles it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignInLikeForm />);
    expect(container.querySelector('fieldset')?.disabled).toBe(true);
    expect(container.querySelector('button')?.matches(':disabled')).toBe(true);
    expect(container.querySelector('input')?.matches(':disabled')).toBe(true);
  });

  it('enables them once the page runs in the browser', () => {
    render(<SignInLikeForm />);
    expect(screen.getByRole('button', { name: 'Sign In' }).matches(':disabled')).toBe(false);
    expect(screen.getByLabelText('Password').matches(':disabled')).toBe(false);
  });
});
