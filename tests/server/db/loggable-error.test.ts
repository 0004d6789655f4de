import { afterEach, describe, expect, it, vi } from 'vitest';
import { loggableError, loggableReason } from '../../../server/db/loggable-error.js';
import { AfterResponseQueue } from '../../../server/mail/queue.js';

const HASH = 'scrypt$32768$8$1$S87Lz7ejT7v6s9ZWaoA0Jw$P0VpVJrlKoTYQROetbP1fjqUVYQYxm3FaV_ZS7HVS6o';
const KNEX_ERROR = `insert into "credenziale" ("password_hash", "username") values ('${HASH}', 'nuovo.utente') - insert or update on table "credenziale" violates foreign key constraint "credenziale_username_foreign"`;

describe('AfterResponseQueue logging', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('logs the reason of a failed job without the statement and its values (a credential hash)', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { logged.push(args.map(String).join(' ')); });
    const queue = new AfterResponseQueue();
    queue.enqueue('Invio della password del nuovo utente', () => Promise.reject(new Error(KNEX_ERROR)));
    await queue.idle();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('Invio della password del nuovo utente non riuscito: insert or update on table "credenziale" violates foreign key constraint');
    expect(logged[0]).not.toContain(HASH);
    expect(logged[0]).not.toContain('values');
  });

  it('keeps the message of an error that is not a statement (an unreachable SMTP server)', () => {
    expect(loggableReason(new Error('connect ECONNREFUSED 127.0.0.1:2525'))).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    expect(loggableReason('update failed')).toBe('errore del database');
  });

  it('an unexpected error (a 500) is logged with its frames but without the statement', () => {
    const text = loggableError(new Error(KNEX_ERROR));
    expect(text.split('\n')[0]).toBe('Error: insert or update on table "credenziale" violates foreign key constraint "credenziale_username_foreign"');
    expect(text).toMatch(/\n\s+at /);
    expect(text).not.toContain(HASH);
  });
});
