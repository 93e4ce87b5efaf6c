// What `serve` loads when it runs: the server, which the command-line bundle holds as a bundle of its own
// (dist/serve.cjs, with Fastify inside) and requires from here, so that no other command loads it.
export { runServer } from './serve-run.js';
