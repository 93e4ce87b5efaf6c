#!/usr/bin/env node
// The `awaw-surrender` command: runs the bundled CLI (cli.cjs) with V8's code cache, which spares every
// process the compilation of the bundle (docs/performance.md). A cache V8 rejects (another Node version)
// only costs that saving: the code is compiled as usual.
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const file = path.join(__dirname, 'cli.cjs');
const cacheFile = path.join(__dirname, 'cli.cjs.v8cache');
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8').replace(/^#!.*/, '')), {
  filename: file,
  cachedData,
});
const bundle = new Module(file, module);
bundle.filename = file;
bundle.paths = Module._nodeModulePaths(__dirname);
script.runInThisContext()(bundle.exports, Module.createRequire(file), bundle, file, __dirname);
// The build writes the cache once, after a real run, so that it holds the functions a call compiles.
if (process.env.AWAW_SURRENDER_WRITE_CODE_CACHE === '1')
  process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
