/** Which database a Knex instance, transaction or query builder talks to, for the few SQL differences. */
export function isPostgres(q: { client: { dialect?: string } }): boolean {
  return q.client.dialect === 'postgresql';
}
