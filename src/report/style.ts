// The report's stylesheet, inlined in the page: system fonts only, nothing fetched.
export const STYLE = `
:root {
  color-scheme: light;
  --ink: #1b1b1b; --muted: #5f6368; --line: #d9d9d9; --card: #fff; --bg: #f4f2ee; --accent: #1f5fa8;
}
* { box-sizing: border-box; }
body {
  margin: 0; background: var(--bg); color: var(--ink);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
}
header.page { padding: 18px 28px 10px; border-bottom: 3px solid var(--ink); background: var(--card); }
header.page h1 { margin: 0; font-size: 22px; }
header.page p { margin: 4px 0 0; color: var(--muted); }
main { padding: 16px 28px 40px; max-width: 1280px; }
section.game { margin-bottom: 36px; }
section.game > h2 { font-size: 20px; margin: 8px 0 12px; }
.card {
  background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px; margin-bottom: 16px;
}
.card > h2, .card > h3 { margin: 0 0 10px; font-size: 16px; }
.chart svg { display: block; max-width: 100%; height: auto; }
.chart .narrow { display: none; }
@media (max-width: 700px) { .chart .wide { display: none; } .chart .narrow { display: block; } }
ul.legend { list-style: none; padding: 0; margin: 8px 0 0; font-size: 13px; }
ul.legend li { margin: 2px 0; }
ul.legend svg { display: inline-block; vertical-align: middle; }
@media (max-width: 700px) { main { padding: 12px 10px 30px; } .card { padding: 10px 10px; } header.page { padding: 14px 12px 8px; } }
.caption { color: var(--muted); font-size: 13px; margin: 8px 0 0; }
section.game > h2, header.page h1 { overflow-wrap: anywhere; }
.problems { background: #fdecea; border-color: #e0a39b; }
.overview { display: grid; grid-template-columns: minmax(0, auto) minmax(300px, 1fr); gap: 0 16px; align-items: start; }
@media (max-width: 1100px) { .overview { grid-template-columns: 1fr; } }
.state { display: flex; flex-direction: column; gap: 12px; }
.state h3 { font-size: 14px; margin: 0 0 4px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
.state ul { margin: 0; padding-left: 18px; }
.state li { margin-bottom: 3px; }
dl.facts { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 0; align-content: start; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
li.forbidden { color: var(--muted); }
.commands { color: var(--muted); font-size: 13px; }
.rule {
  display: inline-block; min-width: 4.2em; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 600;
  color: var(--accent);
}
.turn h3 { margin: 14px 0 6px; font-size: 15px; border-bottom: 1px solid var(--line); padding-bottom: 2px; }
details.decision { border-left: 3px solid var(--line); margin: 3px 0; padding: 2px 8px; }
details.decision.decisive { border-left-color: #b3261e; background: #fff7f5; }
details.decision[open] { background: #f8f9fb; }
details.decision summary { cursor: pointer; }
.seq {
  color: var(--muted); font-size: 12px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; min-width: 3.2em;
  display: inline-block;
}
.decisive .result { font-weight: 600; }
.superseded .result { text-decoration: line-through; opacity: 0.7; }
.superseded .note { font-style: italic; }
ol.breakdown {
  list-style: none; margin: 6px 0 8px; padding-left: 3.4em; font-family: ui-monospace, "DejaVu Sans Mono", monospace;
  font-size: 13px;
}
ol.breakdown li { padding-left: 2em; text-indent: -2em; }
ol.breakdown li.zero { color: var(--muted); }
p.empty { color: var(--muted); margin: 0; }
table.pool { border-collapse: collapse; margin: 6px 0 8px; font-size: 13px; }
table.pool caption { text-align: left; color: var(--muted); padding-bottom: 4px; }
table.pool th, table.pool td { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
table.pool thead th { border-bottom: 2px solid var(--ink); }
table.pool tbody th { font-weight: normal; }
table.pool .id { display: block; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 600; }
table.pool .kind { display: block; color: var(--muted); }
table.pool .number { text-align: right; font-variant-numeric: tabular-nums; }
@media (max-width: 700px) { table.pool { font-size: 12px; } table.pool th, table.pool td { padding: 2px 3px; } }
`;
