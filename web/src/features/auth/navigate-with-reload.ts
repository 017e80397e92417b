/** Loads a same-site page fully, so the server sends a fresh bootstrap (after sign-in or sign-out). */
export function navigateWithReload(path: string): void {
  window.location.assign(path);
}
