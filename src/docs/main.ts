// `npm run docs`: rewrites docs/events.md from the event registry.
import { writeFileSync } from 'node:fs';
import { renderEventsDoc } from './events-doc.js';

writeFileSync(process.argv[2] ?? 'docs/events.md', renderEventsDoc());
