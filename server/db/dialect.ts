/** Which database a Knex instance, transaction or query builder talks to, for the few SQL differences. */
export function isPostgres(q: { client: { dialect?: string } }): boolean {
  return q.client.dialect === 'postgresql';
}

/** The `client` a Knex instance was configured with ('pg', 'better-sqlite3'); knex types its client as any. */
export function configuredClient(db: { client: { config: { client?: unknown } } }): string {
  return String(db.client.config.client);
}
