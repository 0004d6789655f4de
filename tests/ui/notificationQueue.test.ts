import { describe, expect, it } from 'vitest';
import { closeCurrent, closedInSession, currentNotification, queueProgress, startQueue, withClosed } from '../../ui/src/core/notificationQueue';

const n = (id: string) => ({ id, titolo: `T${id}`, messaggio: `M${id}` });

describe('notification queue (seed 000 §2: one after another)', () => {
  it('shows the first, then the next after each close, then nothing', () => {
    let q = startQueue([n('1'), n('2')]);
    expect(currentNotification(q)?.id).toBe('1');
    expect(queueProgress(q)).toEqual({ index: 1, total: 2 });
    q = closeCurrent(q);
    expect(currentNotification(q)?.id).toBe('2');
    expect(queueProgress(q)).toEqual({ index: 2, total: 2 });
    q = closeCurrent(q);
    expect(currentNotification(q)).toBeUndefined();
    expect(closeCurrent(q)).toBe(q);
  });

  it('keeps the API order and shows a repeated id once', () => {
    const q = startQueue([n('b'), n('a'), n('b')]);
    expect(q.items.map((x) => x.id)).toEqual(['b', 'a']);
  });

  it('an empty queue shows nothing', () => {
    expect(currentNotification(startQueue([]))).toBeUndefined();
    expect(queueProgress(startQueue([]))).toEqual({ index: 0, total: 0 });
  });
});

describe('closed in this session (a reload is not a new login)', () => {
  it('leaves out what was closed in the same session only', () => {
    const stored = withClosed(withClosed(null, 'tok-A', '1'), 'tok-A', '1');
    expect(closedInSession(stored, 'tok-A')).toEqual(['1']);
    expect(startQueue([n('1'), n('2')], closedInSession(stored, 'tok-A')).items.map((x) => x.id)).toEqual(['2']);
    expect(closedInSession(stored, 'tok-B')).toEqual([]);
    expect(closedInSession(withClosed(stored, 'tok-B', '2'), 'tok-B')).toEqual(['2']);
  });

  it('unreadable storage counts as nothing closed', () => {
    expect(closedInSession('{not json', 's')).toEqual([]);
    expect(closedInSession(null, 's')).toEqual([]);
    expect(closedInSession(JSON.stringify({ session: 's', ids: [1, 'x'] }), 's')).toEqual(['x']);
  });
});
