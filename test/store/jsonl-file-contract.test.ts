// The JSON Lines store holds both store contracts: as one event stream (its shared log whole) and as game streams.
import { join } from 'node:path';
import { JsonlFileStore } from '../../src/store/file/jsonl-file.js';
import { describeEventStoreContract } from './contract.js';
import { describeGameStreamContract } from './stream-contract.js';
import { tempLogFiles } from './support.js';

const temp = tempLogFiles('contract');
let files = 0;
const newPath = (): string => join(temp.dir(), `contract-${++files}.jsonl`);

describeEventStoreContract('JsonlFileStore', (source) => JsonlFileStore.open(newPath(), { create: true, source }));
describeGameStreamContract('JsonlFileStore', (source) => JsonlFileStore.open(newPath(), { create: true, source }));
