/**
 * Reads the calls of shared/api-contract.md: every `METHOD /path` in a heading, a table cell or a
 * list (paths normalized: `/api/v2` dropped, every `{param}` as `{}`, `$me` as `{}`), and, for
 * calls with their own heading, the parameter names of their `Body:` and `Query:` lists where they
 * are typed (`name: type`, `name?: type`, `name:type`) or marked required (`name` (req)), the
 * machine-readable forms.
 */
import fs from 'node:fs';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ContractCall {
  method: HttpMethod;
  /** Normalized path: `/users/{}/permissions`. */
  path: string;
  /** Typed parameter names of the call's `Query:` list (heading sections only). */
  query: string[];
  /** Typed parameter names of the call's `Body:` list (heading sections only). */
  body: string[];
}

const CALL = /(GET|POST|PUT|PATCH|DELETE) (\/[^\s?`,;)]*)/g;

/** `/api/v2/users/{id}/photo` → `/users/{}/photo`; `:id` and `$me` are parameters too. */
export function normalizePath(raw: string): string {
  return (
    raw
      .replace(/^\/api\/v2(?=\/)/, '')
      .replace(/[:,.]+$/, '')
      .replace(/\[[^\]]*\]$/, '')
      .replace(/\{[^}]*\}|:\w+|\$me/g, '{}')
      .replace(/\/+$/, '') || '/'
  );
}

/** Typed names in a list's backtick spans: `name: str`, `name?: int[]`, `name:int`. */
function typedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/`([A-Za-z][\w.]*)\??\s*:\s*[^`]+`/g)) names.push(match[1]!);
  // A bare name marked required: `name` (req).
  for (const match of text.matchAll(/`([A-Za-z]\w*)`\s*\(req/g)) names.push(match[1]!);
  return names;
}

/** The text of a `Body:`/`Query:` list: from its label to the next list item, bold result or blank line. */
function listAfter(lines: readonly string[], start: number, label: 'Body' | 'Query'): string {
  const first = lines[start]!;
  const at = first.search(new RegExp(`\\b${label}:?(?= )`));
  if (at === -1) return '';
  const parts = [first.slice(at)];
  for (let i = start + 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '' || /^\s*-\s/.test(line) || /^#/.test(line) || /^\s*\*\*/.test(line))
      break;
    if (/\b(Body|Query|Permission|Paging):/.test(line)) break;
    parts.push(line);
  }
  return parts.join(' ');
}

export function readContractCalls(file: string): ContractCall[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const calls = new Map<string, ContractCall>();
  const add = (method: string, rawPath: string): ContractCall => {
    const path = normalizePath(rawPath);
    const key = `${method} ${path}`;
    let call = calls.get(key);
    if (!call) {
      call = { method: method as HttpMethod, path, query: [], body: [] };
      calls.set(key, call);
    }
    return call;
  };
  let section: ContractCall | null = null;
  lines.forEach((line, index) => {
    if (/^#/.test(line)) {
      const heading = /^#{2,4} (GET|POST|PUT|PATCH|DELETE) (\/[^\s?`:(]*)/.exec(line);
      section = heading ? add(heading[1]!, heading[2]!) : null;
    }
    for (const match of line.matchAll(CALL)) {
      // `/{type}s/{id}/reactions` (§10) stands for the discussions' and the comments' calls.
      if (match[2]!.startsWith('/{type}s/')) {
        for (const type of ['discussion', 'comment'])
          add(match[1]!, match[2]!.replace('{type}', type));
      } else add(match[1]!, match[2]!);
    }
    if (section) {
      for (const label of ['Body', 'Query'] as const) {
        const names = typedNames(listAfter(lines, index, label));
        const list = label === 'Body' ? section.body : section.query;
        for (const name of names) if (!list.includes(name)) list.push(name);
      }
    }
  });
  return [...calls.values()];
}
