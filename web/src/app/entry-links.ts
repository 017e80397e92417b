import { useLocation } from 'react-router';
import { useBootstrap } from '../lib/bootstrap.ts';
import { registerPath, signInPath, signOutPath } from './paths.ts';

export interface EntryLinks {
  /** Sign-in link carrying the current page as target (spec 000 §2). */
  signIn: (targetParam?: 'target' | 'Target') => string;
  /** Registration link, or null when the setting `registrationUrl` is empty (link hidden). */
  register: string | null;
  signOut: string;
}

function setting(config: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const value = config[key];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Entry links of spec 000 §2, honouring the settings `signInUrl`, `registrationUrl` and
 * `signOutUrl` when the config provides them.
 */
export function useEntryLinks(): EntryLinks {
  const { config, transientKey } = useBootstrap();
  const location = useLocation();
  const current = `${location.pathname}${location.search}`;
  const registrationUrl = setting(config, 'registrationUrl');
  const signInBase = setting(config, 'signInUrl');
  const signOutBase = setting(config, 'signOutUrl');
  return {
    signIn: (targetParam = 'target') =>
      signInPath({ target: current, targetParam, ...(signInBase ? { base: signInBase } : {}) }),
    register:
      registrationUrl === ''
        ? null
        : registerPath({ target: current, ...(registrationUrl ? { base: registrationUrl } : {}) }),
    signOut: signOutPath({
      transientKey,
      target: current,
      ...(signOutBase ? { base: signOutBase } : {}),
    }),
  };
}
