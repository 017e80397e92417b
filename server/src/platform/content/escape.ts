// The escaper lives in common/ so the server render (web/src/entry-server.tsx) uses the same one.
export { escapeHtml, escapeText, escapeWithBreaks } from '../../../../common/src/content/escape.ts';
