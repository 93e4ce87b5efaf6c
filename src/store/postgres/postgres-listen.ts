// LISTEN on the store's notification channel (docs/postgres.md), on a connection of its own that is made again
// when the database ends it (a restart, an idle timeout, a network failure): while it was gone notifications were
// lost, so the subscriber is told (`onGap`) and reads what it follows again.
import type pg from 'pg';
import type { StreamChange } from '../game-streams.js';
import { loadDriver } from './pg-driver.js';

/** How long to wait before listening again after the connection was lost, or a new one failed. */
export const RELISTEN_MS = 500;

/** A notification's payload as a StreamChange, or null for anything else. */
export function parseChange(payload: string | undefined): StreamChange | null {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { game, version, position } = value as Record<string, unknown>;
  return typeof game === 'string' && Number.isInteger(version) && Number.isInteger(position)
    ? { game, version: version as number, position: position as number }
    : null;
}

export interface ChannelListener {
  /** Stops listening (ends the connection); nothing is heard afterwards. */
  stop(): Promise<void>;
}

/** Listens on `channel`; resolves once the first LISTEN is in place (rejects when it cannot be). */
export async function listenChannel(
  url: string,
  channel: string,
  onChange: (change: StreamChange) => void,
  onGap: () => void,
): Promise<ChannelListener> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const { Client } = await loadDriver();
    const client = new Client({ connectionString: url });
    // A failed connection ends it ('end' below); the error itself must not crash the process.
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      // Anyone may NOTIFY on the channel: only a well-formed change is passed on.
      const change = message.channel === channel ? parseChange(message.payload) : null;
      if (change !== null) onChange(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };

  const watch = (client: pg.Client): void => {
    current = client;
    client.once('end', () => {
      if (current === client) current = null;
      if (!stopped) retry();
    });
  };

  const retry = (): void => {
    timer = setTimeout(() => {
      connect().then(
        async (client) => {
          if (stopped) return void (await client.end());
          watch(client);
          onGap();
        },
        () => {
          if (!stopped) retry();
        },
      );
    }, RELISTEN_MS);
    timer.unref();
  };

  watch(await connect());
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current?.end();
    },
  };
}
