// The machines as a package subpath (`awaw-surrender/machines`): one xstate machine per surrender rule, the
// refusals and awaited decisions their states name, and the pure step replay uses.
export * from './germany.js';
export * from './britain.js';
export * from './italy.js';
export * from './refusal.js';
export * from './awaited.js';
export * from './events.js';
export * from './step.js';
