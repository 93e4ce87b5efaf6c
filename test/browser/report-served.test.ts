// GET /games/:game/report in a real browser: a real `serve` on a directory of logs, each bundled game played into
// it over HTTP with its seats' tokens, then its report opened in headless Chromium with the viewer's token in the
// query string (?access_token=, as a browser opens it), at a phone's width (390 px) and a desktop's (1280 px):
// served under its content security policy without a console error, nothing wider than the page, no text over
// another (./report-checks.ts), a screenshot per width in test-output/browser/. An acting seat's token in the
// query string, and no token at all, are refused with 401.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Created } from '../server/api-client.js';
import { operatorAuth } from '../support/operator.js';
import { serve, stopServed, type Served } from '../support/serve-cluster.js';
import { examplePlans, type GamePlan } from '../support/serve-load.js';
import { launchBrowser, OUTPUT, skipBrowser, type Browser } from './chromium.js';
import { chartAt, openDecisions, overlapsAt, pastTheEdge, scrollWidth } from './report-checks.js';

const plans = await examplePlans();

/** Creates the plan's game as the operator and sends its commands, each with its seat's token: the tokens. */
async function played(url: string, plan: GamePlan): Promise<Created['tokens']> {
  const created = await fetch(`${url}/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...operatorAuth() },
    body: JSON.stringify({ game: plan.name }),
  });
  expect(created.status).toBe(201);
  const { tokens } = (await created.json()) as Created;
  for (const [i, command] of plan.commands.entries()) {
    const sent = await fetch(`${url}/games/${plan.name}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[plan.seats[i] ?? 'host']}` },
      body: JSON.stringify(command),
    });
    expect(sent.status, `${plan.name}: ${command.type}: ${await sent.clone().text()}`).toBe(200);
  }
  return tokens;
}

describe.skipIf(skipBrowser)('the served report in headless Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'awaw-served-report-'));
  let served: Served;
  let browser: Browser;
  const tokens = new Map<string, Created['tokens']>();
  beforeAll(async () => {
    served = await serve(dir);
    browser = await launchBrowser();
    mkdirSync(OUTPUT, { recursive: true });
    for (const plan of plans) tokens.set(plan.name, await played(served.url, plan));
  });
  afterAll(async () => {
    await browser?.close();
    if (served !== undefined) expect(await stopServed(served)).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new page `width` px wide that records its console errors and uncaught exceptions in `errors`. */
  async function newPage(width: number, errors: string[]): Promise<Page> {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  }

  it('six bundled games are played into the server', () => {
    expect(plans.map((plan) => plan.name)).toEqual([
      'sea-lion-1941',
      'rejected-then-forced-1943',
      'conciliation-and-second-surrender',
      'italy-1943-germany-1945',
      'germany-first-then-italy-1945',
      'far-east-1941',
    ]);
  });

  it.each(plans.map((plan) => plan.name))(
    '55.2, 56.2, 59.41: the report of %s, opened with the viewer token in the query string, fits 390 and 1280 px ' +
      'with no text over another',
    async (game) => {
      const viewer = tokens.get(game)?.viewer ?? '';
      for (const width of [390, 1280]) {
        const errors: string[] = [];
        const page = await newPage(width, errors);
        const response = await page.goto(`${served.url}/games/${game}/report?access_token=${viewer}`, {
          waitUntil: 'load',
        });
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
        expect(await page.title()).toBe(`Surrender report: ${game}`);
        await page.screenshot({ path: join(OUTPUT, `served-${game}-${width}.png`), fullPage: true });
        await openDecisions(page);
        expect(await pastTheEdge(page), `${game} at ${width} px`).toEqual([]);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
        const chart = page.locator(`.chart .${chartAt(width)} svg`).first();
        expect(await chart.isVisible(), `the ${chartAt(width)} chart at ${width} px`).toBe(true);
        expect(await overlapsAt(page, width), `${game} at ${width} px`).toEqual([]);
        // The page loads nothing and runs no script, so that its policy (default-src 'none') refuses nothing.
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );

  it("?access_token= with an acting seat's token, or no token at all: 401, the report not shown", async () => {
    const game = 'sea-lion-1941';
    const own = tokens.get(game);
    const page = await browser.context.newPage();
    const refusal = async (query: string): Promise<[number | undefined, unknown]> => {
      const response = await page.goto(`${served.url}/games/${game}/report${query}`);
      return [response?.status(), await response?.json()];
    };
    expect(await refusal(`?access_token=${own?.germany ?? ''}`)).toEqual([
      401,
      {
        ok: false,
        rejection: {
          code: 'unauthorized',
          rule: 'seats',
          message:
            "?access_token=: takes only a game's viewer token; the token of seat germany, which acts in the game, " +
            'goes in the Authorization header alone ("Bearer TOKEN"), as a URL is kept in browser histories and ' +
            'proxy logs',
        },
      },
    ]);
    expect(await refusal('')).toEqual([
      401,
      {
        ok: false,
        rejection: {
          code: 'unauthorized',
          rule: 'seats',
          message:
            'Authorization: expected "Bearer TOKEN", a seat token of this game (or ?access_token=TOKEN, its viewer ' +
            'token)',
        },
      },
    ]);
    await page.close();
  });
});
