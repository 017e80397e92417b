import {
  useMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';

function refuseOnServer(): never {
  throw new Error('Mutations do not run in the server render.');
}

/** What `useMutation` answers before anything is called: the state the browser hydrates with. */
const idleMutation = {
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isError: false,
  isIdle: true,
  isPaused: false,
  isPending: false,
  isSuccess: false,
  mutate: refuseOnServer,
  mutateAsync: refuseOnServer,
  reset: () => undefined,
  status: 'idle',
  submittedAt: 0,
  variables: undefined,
} as const;

function useIdleMutation<TData, TError, TVariables, TContext>(
  _options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  return idleMutation as unknown as UseMutationResult<TData, TError, TVariables, TContext>;
}

/**
 * `useMutation` in the browser; in the server render, where nothing is ever mutated, its idle
 * state without a `MutationObserver` (the browser's first render is idle too, so hydration
 * agrees). The hot lists call it per row: every comment of a page asked for three observers
 * (post, delete, reaction), ~2 % of a discussion page's CPU. Vite replaces
 * `import.meta.env.SSR` at build time, as `lib/session.ts` does.
 */
export const useBrowserMutation: <
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) => UseMutationResult<TData, TError, TVariables, TContext> = import.meta.env.SSR
  ? useIdleMutation
  : useMutation;
