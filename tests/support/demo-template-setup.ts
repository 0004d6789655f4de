/**
 * vitest global setup, after fixture-setup.ts (vitest.config.ts): makes the demo templates of this run
 * (demo-template.ts), for the real domain and the fixture spec, hands their locations to the test files
 * and deletes them when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { loadArtifacts } from '../../server/artifacts.js';
import { fixtureArtifacts } from './fixture-app.js';
import { makeDemoTemplate, type DemoTemplates } from './demo-template.js';
import type { TestDatabase } from './test-database.js';

export default async function makeDemoTemplates(project: TestProject): Promise<() => Promise<void>> {
  const made: TestDatabase[] = [];
  const templates: DemoTemplates = {};
  try {
    for (const artifacts of [loadArtifacts(), fixtureArtifacts()]) {
      const template = await makeDemoTemplate(artifacts);
      made.push(template);
      templates[artifacts.migrationsDir] = template.location;
    }
  } catch (error) {
    await Promise.all(made.map((template) => template.close()));
    throw error;
  }
  project.provide('demoTemplates', templates);
  return async () => {
    await Promise.all(made.map((template) => template.close()));
  };
}
