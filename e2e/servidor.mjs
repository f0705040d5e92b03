// Starts the built server on a fresh embedded database for the end-to-end run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bonifica-e2e-'));
await import('../apps/api/dist/server.js');
