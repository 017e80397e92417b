// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';
import { guestBootstrap } from './lib/bootstrap.ts';

describe('server render', () => {
  it('renders a page with the title bar, the bootstrap and one :root theme style', async () => {
    const result = await render(
      '/entry/signin?target=%2Fcategories',
      guestBootstrap({ config: { 'garden.title': 'Emberly' } }),
    );
    expect(result.status).toBe(200);
    expect(result.html).toContain('Skip to content');
    expect(result.html).toContain('Keep me signed in');
    expect(result.head).toContain('<title>Sign In - Emberly</title>');
    expect(result.head.match(/<style id="hearth-theme">:root\{/g)).toHaveLength(1);
    expect(result.head).toContain('<script type="application/json" id="hearth-bootstrap">');
  });

  it('answers 404 for unknown pages', async () => {
    const result = await render('/no/such/page', guestBootstrap());
    expect(result.status).toBe(404);
    expect(result.html).toContain('The page you were looking for could not be found.');
  });

  it('escapes the bootstrap so it cannot close its script element', async () => {
    const result = await render(
      '/',
      guestBootstrap({ config: { 'garden.title': '</script><script>alert(1)</script>' } }),
    );
    expect(result.head).not.toContain('</script><script>alert(1)');
    expect(result.head).toContain('\\u003c/script\\u003e');
  });
});
