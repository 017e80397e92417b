import { toRootStyle } from '../../../common/src/theme/css-vars.ts';
import { resolveTheme } from '../../../common/src/theme/resolve-theme.ts';
import type { ThemeVariables } from '../../../common/src/theme/variables.ts';
import { visibleColorOn } from './contrast.ts';

/** The id of the one `:root` style element holding the theme's custom properties. */
export const themeStyleElementID = 'hearth-theme';

/**
 * Colours derived from the theme rather than set by it: the title bar's focus ring, the theme's
 * focus colour where it shows on the title bar at 3:1 or more (WCAG 1.4.11), else the bar's text
 * colour, else black or white.
 */
function derivedStyle(variables: object): string {
  const theme = variables as Partial<ThemeVariables>;
  const bar = theme.titleBar?.colors;
  if (bar === undefined) return '';
  const focus = visibleColorOn(bar.bg, [theme.global?.focus.color ?? '', bar.fg]);
  return `:root{--theme-title-bar-colors-focus:${focus.replace(/[<>{};]/g, '')}}`;
}

function rootStyle(variables: object): string {
  return `${toRootStyle(variables)}${derivedStyle(variables)}`;
}

/** The `<style>` element for the SSR head. */
export function themeStyleTag(variables: object): string {
  return `<style id="${themeStyleElementID}">${rootStyle(variables)}</style>`;
}

/**
 * Swaps the theme's `:root` style in the browser (theme previews); call from effects or event
 * handlers only (SSR safety).
 */
export function applyTheme(variables: unknown): void {
  const css = rootStyle(resolveTheme(variables));
  let element = document.getElementById(themeStyleElementID);
  if (element === null) {
    element = document.createElement('style');
    element.id = themeStyleElementID;
    document.head.append(element);
  }
  element.textContent = css;
}
