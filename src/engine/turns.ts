// Turn arithmetic lives with the rules (src/rules/turns.ts), where the machines read it too.
export * from '../rules/turns.js';
