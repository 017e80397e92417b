import { toRootStyle } from '../../../common/src/theme/css-vars.ts';
import { resolveTheme } from '../../../common/src/theme/resolve-theme.ts';

/** The id of the one `:root` style element holding the theme's custom properties. */
export const themeStyleElementID = 'hearth-theme';

/** The `<style>` element for the SSR head. */
export function themeStyleTag(variables: object): string {
  return `<style id="${themeStyleElementID}">${toRootStyle(variables)}</style>`;
}

/**
 * Swaps the theme's `:root` style in the browser (theme previews); call from effects or event
 * handlers only (SSR safety).
 */
export function applyTheme(variables: unknown): void {
  const css = toRootStyle(resolveTheme(variables));
  let element = document.getElementById(themeStyleElementID);
  if (element === null) {
    element = document.createElement('style');
    element.id = themeStyleElementID;
    document.head.append(element);
  }
  element.textContent = css;
}
