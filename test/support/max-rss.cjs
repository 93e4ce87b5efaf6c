// Preloaded (`node --require`) into a process under test: when it exits, writes its peak resident set size in
// KiB (getrusage's ru_maxrss, as process.resourceUsage() reads it) to the file AWAW_MAX_RSS_FILE names.
'use strict';
const { writeFileSync } = require('node:fs');

const file = process.env.AWAW_MAX_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
