// Starts the built server on a fresh embedded database for the end-to-end run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Messages go out at any hour of the run: no quiet hours (docs/areas/mensageria.md "Ritmo de envio").
process.env.WHATSAPP_SILENCIO_PADRAO = '00:00-00:00';
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'bonifica-e2e-'));
// The e-mails of an earlier run must not be read as this run's.
if (process.env.EMAIL_SANDBOX_DIR) rmSync(process.env.EMAIL_SANDBOX_DIR, { recursive: true, force: true });
await import('../apps/api/dist/server.js');
