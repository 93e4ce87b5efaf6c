// `npm run schemas`: rewrites schemas/ from the catalogue (test/schemas/files-current.test.ts checks it is current).
import { catalog } from './catalog.js';
import { writeSchemas } from './write.js';

writeSchemas(process.argv[2] ?? 'schemas', catalog);
