// The menu-only host's one channel to the engine: an `awaw-surrender exec` process of the built CLI, spoken to in
// JSON lines as a host in any language would. Nothing of the engine is imported: what a host knows comes from
// the responses and the shipped schemas.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ExecClient {
  /** Sends one request and resolves with its response. */
  ask(request: JsonObject): Promise<JsonObject>;
  /** Ends exec (EOF) and resolves with its exit code and standard error. */
  close(): Promise<{ readonly code: number | null; readonly stderr: string }>;
}

export function openExec(root: string, log: string): ExecClient {
  const child = spawn(process.execPath, [join(root, 'dist/awaw-surrender.cjs'), 'exec', log, '--create'], {
    stdio: 'pipe',
  });
  let buffer = '';
  let stderr = '';
  let id = 0;
  const waiting = new Map<number, (response: JsonObject) => void>();
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const response = JSON.parse(buffer.slice(0, at)) as JsonObject;
      buffer = buffer.slice(at + 1);
      const answer = typeof response['id'] === 'number' ? waiting.get(response['id']) : undefined;
      if (answer === undefined)
        throw new Error(`exec answered a request never sent: ${JSON.stringify(response).slice(0, 300)}`);
      waiting.delete(response['id'] as number);
      answer(response);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    ask: (request) =>
      new Promise((resolve, reject) => {
        id += 1;
        const timer = setTimeout(() => reject(new Error(`exec gave no answer in 30 s; stderr: ${stderr}`)), 30_000);
        waiting.set(id, (response) => {
          clearTimeout(timer);
          resolve(response);
        });
        child.stdin.write(`${JSON.stringify({ ...request, id })}\n`);
      }),
    close: async () => {
      child.stdin.end();
      return { code: await exited, stderr };
    },
  };
}
