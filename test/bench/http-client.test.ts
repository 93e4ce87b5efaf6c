// The HTTP bench's raw-socket client (bench/http-client.ts): what it reads of a response head, and a real
// exchange with Node's HTTP server (keep-alive, a JSON body, an empty one, a refused chunked answer).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchConnection, parseHead } from '../../bench/http-client.js';

describe('parseHead', () => {
  it('reads the status and Content-Length, in any letter case; none is 0', () => {
    expect(
      parseHead('HTTP/1.1 412 Precondition Failed\r\nContent-Type: application/json\r\nCONTENT-LENGTH: 57'),
    ).toEqual({ status: 412, length: 57 });
    expect(parseHead('HTTP/1.1 204 No Content\r\nconnection: keep-alive')).toEqual({ status: 204, length: 0 });
  });
  it('refuses what it cannot read: another protocol, a chunked body', () => {
    expect(() => parseHead('SSH-2.0-OpenSSH')).toThrow('not an HTTP/1.1 response: "SSH-2.0-OpenSSH"');
    expect(() => parseHead('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked')).toThrow(
      'a chunked response: the bench client reads answers by Content-Length only',
    );
  });
});

describe('BenchConnection', () => {
  let server: Server;
  let base = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['if-match'] ?? '-'} ${req.socket.remotePort ?? 0} ${body}`);
        if (req.url === '/empty') res.writeHead(204).end();
        else if (req.url === '/chunked') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        else {
          const answer = JSON.stringify({
            echo: body === '' ? null : (JSON.parse(body) as unknown),
            word: 'Dünkirchen',
          });
          res
            .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) })
            .end(answer);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends requests one after another on one connection and reads each JSON answer whole', async () => {
    const connection = await BenchConnection.open(base);
    const first = await connection.send(
      'POST',
      '/games/g1/commands',
      { 'if-match': '"3"' },
      { n: 1, text: 'Dünkirchen \u{1F6A2}' },
    );
    const second = await connection.send('GET', '/games/g1', {});
    const third = await connection.send('GET', '/empty', {});
    connection.close();
    expect(first).toEqual({ status: 200, body: { echo: { n: 1, text: 'Dünkirchen \u{1F6A2}' }, word: 'Dünkirchen' } });
    expect(second).toEqual({ status: 200, body: { echo: null, word: 'Dünkirchen' } });
    expect(third).toEqual({ status: 204, body: null });
    const ports = new Set(seen.map((line) => line.split(' ')[3]));
    expect(ports.size).toBe(1);
    expect(
      seen.map((line) =>
        line
          .split(' ')
          .filter((_, i) => i !== 3)
          .join(' '),
      ),
    ).toEqual([
      'POST /games/g1/commands "3" {"n":1,"text":"Dünkirchen \u{1F6A2}"}',
      'GET /games/g1 - ',
      'GET /empty - ',
    ]);
  });

  it('refuses a second request before the first is answered, and a chunked answer', async () => {
    const connection = await BenchConnection.open(base);
    const first = connection.send('GET', '/x', {});
    await expect(connection.send('GET', '/y', {})).rejects.toThrow('one request at a time on a bench connection');
    await first;
    await expect(connection.send('GET', '/chunked', {})).rejects.toThrow('a chunked response');
    connection.close();
  });
});
