import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-preload.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('lazyWithPreload', () => {
  it('renders a preloaded component at once, without its fallback', async () => {
    const Lazy = lazyWithPreload('src/greeting.tsx', () => Promise.resolve(Greeting));
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );
    // No await: a preloaded component does not suspend (the browser hydrates it in one pass).
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('shows the fallback until the code arrives, and loads it once', async () => {
    const load = deferred<typeof Greeting>();
    const loader = vi.fn(() => load.promise);
    const Lazy = lazyWithPreload('src/greeting.tsx', loader);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    const preloaded = Lazy.preload();
    await act(async () => {
      load.resolve(Greeting);
      await preloaded;
    });
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download', async () => {
    const loader = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(Greeting);
    const Lazy = lazyWithPreload('src/greeting.tsx', loader);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    render(<Lazy name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
