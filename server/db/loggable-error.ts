/**
 * What of an error may go to the log. knex prefixes a database error's message with the statement and its
 * bound values (`insert into credenziale (...) values (..., 'scrypt$...') - FOREIGN KEY constraint failed`):
 * logged whole, a failed write of a credential would print its hash, of a session its token hash. The
 * statement is cut and the driver's reason kept.
 */
export function loggableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!/^\s*(insert|update|delete|select|with|merge)\b/i.test(message)) return message;
  const cut = message.lastIndexOf(' - ');
  return cut >= 0 ? message.slice(cut + 3) : 'errore del database';
}

/** The reason and where it was thrown (the stack's frames, whose first line would repeat the message). */
export function loggableError(error: unknown): string {
  const frames = error instanceof Error && error.stack ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const name = error instanceof Error ? `${error.name}: ` : '';
  return [`${name}${loggableReason(error)}`, ...frames].join('\n');
}
