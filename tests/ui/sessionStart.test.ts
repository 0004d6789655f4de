import { describe, expect, it } from 'vitest';
import { createAuthApi } from '../../ui/src/core/authApi';
import { createDataProvider } from '../../ui/src/core/dataProvider';
import { answeredProbe, startSessionProbe, takeStartedProbe } from '../../ui/src/core/sessionStart';
import { seen } from './fakeFetch';

/** An API whose calls are recorded and answered by `answer` (path -> status and body). */
function recordingApi(answer: (path: string) => [number, unknown]) {
  const calls: string[] = [];
  let lost = 0;
  const provider = createDataProvider('/api', (request) => {
    const { url } = seen(request);
    calls.push(url);
    const [status, body] = answer(url);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }, { onUnauthorized: () => { lost++; } });
  return { api: createAuthApi(provider), calls, lost: () => lost };
}

describe('the session probe started before the first render (issue 15 item 8)', () => {
  it('asks nothing without the WP_SESSION hint: a signed-out visit logs no 401', () => {
    const { api, calls } = recordingApi(() => [200, {}]);
    void startSessionProbe(api, 'tema=scuro');
    expect(calls).toEqual([]);
    expect(takeStartedProbe()).toBeUndefined();
  });

  it('with the hint asks user, grants and menu at once, and hands the answers over once', async () => {
    const { api, calls } = recordingApi((path) => [200, path === '/api/users/me' ? { username: 'assistenza' } : ['ANAG_BANCHE:VISUALIZZAZIONE']]);
    void startSessionProbe(api, 'WP_SESSION=1');
    expect(calls).toEqual(['/api/users/me', '/api/permessi', '/api/menuitems']);
    const probe = takeStartedProbe();
    if (!probe) throw new Error('no probe started');
    const [me, grants, menu] = await probe;
    expect(me).toMatchObject({ username: 'assistenza' });
    expect(grants).toEqual(['ANAG_BANCHE:VISUALIZZAZIONE']);
    expect(menu).toEqual(['ANAG_BANCHE:VISUALIZZAZIONE']);
    // A later load (a login, a second mount) asks the server again.
    expect(takeStartedProbe()).toBeUndefined();
  });

  it('a 401 of an ended session reaches whoever takes the probe, as "nobody is logged in", not a lost session', async () => {
    const { api, lost } = recordingApi(() => [401, { errorMessage: 'x', code: 'UNAUTHENTICATED' }]);
    void startSessionProbe(api, 'WP_SESSION=1');
    // The answer arrives before anyone awaits it: no unhandled rejection in between.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(takeStartedProbe()).rejects.toMatchObject({ status: 401 });
    expect(lost()).toBe(0);
  });

  it('settles when the answers are in, and offers them to the first render until the probe is taken', async () => {
    const { api } = recordingApi((path) => [200, path === '/api/users/me' ? { username: 'assistenza' } : ['ANAG_BANCHE:VISUALIZZAZIONE']]);
    const settled = startSessionProbe(api, 'WP_SESSION=1');
    expect(answeredProbe()).toBeUndefined();
    await settled;
    expect(answeredProbe()?.[0]).toMatchObject({ username: 'assistenza' });
    void takeStartedProbe();
    expect(answeredProbe()).toBeUndefined();
  });

  it('settles on a 401 too (main.tsx waits for it), with no answers for the first render', async () => {
    const { api } = recordingApi(() => [401, { errorMessage: 'x', code: 'UNAUTHENTICATED' }]);
    await startSessionProbe(api, 'WP_SESSION=1');
    expect(answeredProbe()).toBeUndefined();
    await expect(takeStartedProbe()).rejects.toMatchObject({ status: 401 });
  });

  it('a failed menu leaves the menu to the grants (null), as the provider\'s own load does', async () => {
    const { api } = recordingApi((path) => (path === '/api/menuitems' ? [500, { errorMessage: 'x' }] : [200, path === '/api/users/me' ? { username: 'assistenza' } : []]));
    void startSessionProbe(api, 'WP_SESSION=1');
    const answers = await takeStartedProbe();
    expect(answers?.[2]).toBeNull();
  });
});
