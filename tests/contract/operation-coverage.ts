/**
 * Run after the test suites (`npm test`): every operation of generated/openapi.json must have been
 * called by at least one test, with at least one successful (2xx) answer. A new operation without
 * a test fails the build here, naming the operation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadArtifacts } from '../../server/artifacts.js';
import { documentOperations } from '../../server/http/operations.js';
import { CALLED_OPERATIONS_DIR } from '../support/test-app.js';

const called = new Map<string, Set<number>>();
if (existsSync(CALLED_OPERATIONS_DIR)) {
  for (const file of readdirSync(CALLED_OPERATIONS_DIR)) {
    for (const line of readFileSync(join(CALLED_OPERATIONS_DIR, file), 'utf8').split('\n').filter(Boolean)) {
      const [id, status] = line.split(' ');
      called.set(id, (called.get(id) ?? new Set()).add(Number(status)));
    }
  }
}
const operations = documentOperations(loadArtifacts().openapi);
const missing = operations.filter((op) => !called.has(op.operationId));
const neverOk = operations.filter((op) => {
  const statuses = called.get(op.operationId);
  return statuses !== undefined && ![...statuses].some((s) => s >= 200 && s < 300);
});
for (const op of missing) console.error(`Not called by any test: ${op.operationId} (${op.method.toUpperCase()} ${op.path})`);
for (const op of neverOk) console.error(`Never answered 2xx in tests: ${op.operationId} (${op.method.toUpperCase()} ${op.path})`);
if (missing.length || neverOk.length) {
  console.error(`\nContract coverage: ${operations.length - missing.length - neverOk.length}/${operations.length} operations exercised successfully.`);
  process.exit(1);
}
console.log(`Contract coverage: all ${operations.length} operations of generated/openapi.json were called by tests and answered 2xx.`);
