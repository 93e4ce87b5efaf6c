// `npm run docs`: rewrites docs/events.md from the event registry and docs/machines.md from the machines.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderEventsDoc } from './events-doc.js';
import { renderMachinesDoc } from './machines-doc.js';

const dir = process.argv[2] ?? 'docs';
writeFileSync(join(dir, 'events.md'), renderEventsDoc());
writeFileSync(join(dir, 'machines.md'), renderMachinesDoc());
