/**
 * A supertest parser that keeps an answer's bytes: `.buffer(true).parse(binaryBody)` leaves them in
 * `res.body` as a Buffer (supertest parses only JSON and text by default).
 */
import type { Response } from 'supertest';

export function binaryBody(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => { done(null, Buffer.concat(chunks)); });
}
