// `npm run docs`: rewrites docs/events.md from the event registry, docs/machines.md from the machines, and the
// menus of docs/host-protocol.md from the bundled games.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMenus, withMenus } from './choices-doc.js';
import { renderEventsDoc } from './events-doc.js';
import { renderMachinesDoc } from './machines-doc.js';

const dir = process.argv[2] ?? 'docs';
writeFileSync(join(dir, 'events.md'), renderEventsDoc());
writeFileSync(join(dir, 'machines.md'), renderMachinesDoc());
const protocol = join(dir, 'host-protocol.md');
writeFileSync(protocol, withMenus(readFileSync(protocol, 'utf8'), await renderMenus()));
