import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQueries } from '../../src/query/library.js';
import { type BrowserServer, startBrowserServer } from '../../src/query/browser-server.js';
import { renderBrowserGuide } from '../../src/query/browser-guide.js';

/** What Neo4j Browser 5 asks of the server it fetches `:play` and `:style` from (it runs in a web page). */
describe('landing-graph browser: the guide and the style served to Neo4j Browser', () => {
  let server: BrowserServer;
  beforeAll(async () => {
    server = await startBrowserServer(loadQueries(), { port: 0 });
  });
  afterAll(() => server.close());

  it('answers the preflight for the headers Browser sends (sentry-trace, baggage), from any origin', async () => {
    const response = await fetch(`${server.url}/guide.html`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:7474',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'sentry-trace,baggage,pragma,cache-control',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe('sentry-trace,baggage,pragma,cache-control');
  });

  it('serves the guide of the current library and the style; nothing else', async () => {
    const guide = await fetch(`${server.url}/guide.html`, { headers: { Origin: 'http://127.0.0.1:7474' } });
    expect(guide.status).toBe(200);
    expect(guide.headers.get('access-control-allow-origin')).toBe('*');
    expect(await guide.text()).toBe(renderBrowserGuide(loadQueries()));
    const style = await fetch(`${server.url}/landing-graph.grass`);
    expect(await style.text()).toMatch(/^node \{/);
    expect((await fetch(`${server.url}/../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/guide.html`, { method: 'POST' })).status).toBe(405);
    expect(server.play).toBe(`:play ${server.url}/guide.html`);
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
  });
});
