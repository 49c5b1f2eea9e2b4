// The page of `grundy serve` in a real browser: Debian's Chromium driven by playwright-core.
// Starts the built binary on a free port, solves a position, plays whole games against the
// computer, edits a board and reads its heatmap, explores a game graph; saves screenshots in
// web-tests/screenshots/.
//
// Run alone: `cargo build --release && cd web-tests && npm ci && npm test` (GRUNDY_BIN picks another
// binary, CHROMIUM another browser).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.GRUNDY_BIN || path.join(here, "..", "target", "release", "grundy");
const shots = path.join(here, "screenshots");
mkdirSync(shots, { recursive: true });

let server;
let base;
let browser;

before(async () => {
  server = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise((resolve, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const m = text.match(/listening on (http:\/\/\S+?)\/?\s/);
      if (m) resolve(m[1]);
    });
    server.on("exit", (code) => reject(new Error(`grundy serve exited with ${code}`)));
    setTimeout(() => reject(new Error("grundy serve did not start")), 20000);
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
});

async function open() {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("requestfailed", (r) => errors.push(`failed: ${r.url()}`));
  await page.goto(base + "/");
  // the page solves its default position at once
  await page.waitForSelector("#outcome");
  return { page, errors };
}

// Solves `position` (written as grundy writes it) and waits for its own answer.
async function solve(page, position) {
  await page.evaluate(() => document.querySelector("#summary").replaceChildren());
  await page.fill("#position", position);
  await page.click("#solve");
  await page.waitForFunction(
    (p) => document.querySelector("#outcome")?.textContent.startsWith(p + ":"),
    position,
  );
}

test("solves a position: outcome, Grundy value, every move coloured", async () => {
  const { page, errors } = await open();
  await solve(page, "nim 3 4 5");
  await page.waitForSelector("#grundy-value");
  assert.equal(await page.getAttribute("#outcome", "data-outcome"), "N");
  assert.equal(await page.textContent("#grundy-value"), "2");
  // 3 + 4 + 5 moves, one of them winning (to nim 1 4 5)
  const rows = await page.$$eval("#moves tbody tr", (trs) =>
    trs.map((tr) => ({ to: tr.dataset.to, cls: tr.className })),
  );
  assert.equal(rows.length, 12);
  assert.deepEqual(
    rows.filter((r) => r.cls === "win").map((r) => r.to),
    ["nim 1 4 5"],
  );
  assert.ok(rows.filter((r) => r.cls === "lose").length === 11);
  // the same answer as the API (= grundy solve --json)
  const api = await (await fetch(`${base}/api/solve?position=nim%203%204%205`)).json();
  assert.equal(api.grundy, 2);
  await page.screenshot({ path: path.join(shots, "solve.png"), fullPage: true });

  // a bad position: the command line's message, no crash
  await page.fill("#position", "nim 3 x");
  await page.click("#solve");
  await page.waitForFunction(() => document.querySelector("#error").textContent.length > 0);
  assert.match(await page.textContent("#error"), /column 7/);
  assert.deepEqual(errors, []);
  await page.close();
});

async function playToTheEnd(page, statusId, clickMove) {
  for (let turn = 0; turn < 200; turn++) {
    await page.waitForFunction(
      (id) => {
        const s = document.getElementById(id);
        return s.dataset.result || s.textContent.startsWith("Your move");
      },
      statusId,
    );
    const result = await page.getAttribute(`#${statusId}`, "data-result");
    if (result) return result;
    await clickMove();
  }
  throw new Error("the game did not end");
}

test("plays a whole game: the computer wins from a winning start", async () => {
  const { page, errors } = await open();
  // nim 1 2 4 + wythoff 1 1: N, the computer moves first and must win whatever we play
  await solve(page, "nim 1 2 4 + wythoff 1 1");
  assert.equal(await page.getAttribute("#outcome", "data-outcome"), "N");
  await page.click("#play-second");
  let ourMoves = 0;
  const result = await playToTheEnd(page, "status", async () => {
    // always the first listed move
    const before = await page.textContent("#outcome");
    await page.click("#moves tbody tr.clickable >> nth=0");
    ourMoves++;
    await page.waitForFunction((b) => document.querySelector("#outcome").textContent !== b, before);
  });
  assert.equal(result, "computer");
  assert.ok(ourMoves >= 1);
  // the value history has one point per position played, all on the computer's side
  const points = await page.$$eval(".history-point", (cs) => cs.map((c) => c.getAttribute("fill")));
  assert.ok(points.length >= 2 * ourMoves);
  assert.ok(points.every((f) => f === "#d9480f"), points.join(","));
  await page.screenshot({ path: path.join(shots, "played.png"), fullPage: true });

  // from a winning start we move first, play the winning move each time, and win; undo once
  await solve(page, "nim 1 2");
  await page.click("#play-first");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your move"));
  await page.click("#moves tbody tr.win");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your move"));
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelector("#outcome").textContent.includes("nim 1 2"));
  const won = await playToTheEnd(page, "status", async () => {
    await page.click("#moves tbody tr.win >> nth=0");
  });
  assert.equal(won, "you");
  assert.deepEqual(errors, []);
  await page.close();
});

test("edits a board, reads the heatmap, plays the token game", async () => {
  const { page, errors } = await open();
  await page.fill("#rows", "3");
  await page.fill("#cols", "3");
  await page.click("#new-board");
  // block the centre: a ring of 8 cells, where the player to move wins from every cell
  await page.click('[data-cell="2,2"]');
  await page.click("#board-solve");
  await page.waitForSelector(".cell.win");
  const heat = await page.$$eval(".cell", (cs) =>
    cs.map((c) => ({ cell: c.dataset.cell, cls: c.className })),
  );
  const wins = heat.filter((c) => c.cls.includes("win")).map((c) => c.cell);
  assert.equal(wins.length, 8);
  assert.ok(heat.find((c) => c.cell === "2,2").cls.includes("blocked"));
  // and a 2 x 3 board with its corner blocked: compare with the API
  await page.fill("#rows", "2");
  await page.fill("#cols", "3");
  await page.click("#new-board");
  await page.click('[data-cell="1,1"]');
  await page.click("#board-solve");
  await page.waitForSelector(".cell.win, .cell.lose");
  const shown = await page.$$eval(".cell.win", (cs) => cs.map((c) => c.dataset.cell).sort());
  const api = await (
    await fetch(`${base}/api/geography?grid=true`, { method: "POST", body: "2 3\n#..\n...\n" })
  ).json();
  assert.deepEqual(shown, api.mover_wins.map(([r, c]) => `${r},${c}`).sort());
  await page.screenshot({ path: path.join(shots, "board.png"), fullPage: true });

  // the token game on the ring: we place the token, the computer moves first and wins
  await page.fill("#rows", "3");
  await page.fill("#cols", "3");
  await page.click("#new-board");
  await page.click('[data-cell="2,2"]');
  await page.click("#board-play");
  await page.click('[data-cell="1,1"]');
  const result = await playToTheEnd(page, "board-status", async () => {
    await page.click(".cell.target >> nth=0");
  });
  assert.equal(result, "computer");
  await page.screenshot({ path: path.join(shots, "board-played.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("explores a game graph and opens a position's moves", async () => {
  const { page, errors } = await open();
  await page.click("#graph-explore");
  await page.waitForSelector("#graph-table tbody tr");
  const rows = await page.$$eval("#graph-table tbody tr", (trs) =>
    trs.map((tr) => [...tr.children].slice(0, 3).map((td) => td.textContent)),
  );
  assert.equal(rows.length, 6);
  assert.match(await page.textContent("#graph-summary"), /6 positions, 7 moves \(cycles\)/);
  // position 6 has no moves: lost at once; 5 moves to 6: won in 1
  assert.deepEqual(rows[5], ["6", "L", "0"]);
  assert.deepEqual(rows[4], ["5", "W", "1"]);
  await page.click("#graph-table tbody tr >> nth=4 >> button");
  await page.waitForFunction(() => document.querySelector("#outcome")?.textContent.startsWith("5:"));
  assert.equal(await page.getAttribute("#outcome", "data-outcome"), "N");
  assert.equal(await page.textContent("#moves tbody tr.win td:nth-child(2)"), "6");
  await page.screenshot({ path: path.join(shots, "graph.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

// Values `position` in the partizan section and waits for its own answer.
async function valuePartizan(page, position) {
  await page.evaluate(() => document.querySelector("#pz-summary").replaceChildren());
  await page.fill("#pz-position", position);
  await page.click("#pz-value");
  await page.waitForSelector("#pz-canonical");
}

test("values a partizan position: canonical form, thermograph, each player's moves", async () => {
  const { page, errors } = await open();
  await valuePartizan(page, "domineering ../..");
  assert.equal(await page.textContent("#pz-canonical"), "{1|-1}");
  assert.equal(await page.getAttribute("#pz-outcome", "data-outcome"), "N");
  // two moves each, every one winning for its player ({1|-1}: the mover wins)
  const left = await page.$$eval("#pz-left-moves li", (li) => li.map((l) => [l.dataset.to, l.className]));
  const right = await page.$$eval("#pz-right-moves li", (li) => li.map((l) => [l.dataset.to, l.className]));
  assert.deepEqual(left.map((m) => m[0]), ["domineering #./#.", "domineering .#/.#"]);
  assert.deepEqual(right.map((m) => m[0]), ["domineering ##/..", "domineering ../##"]);
  assert.ok(left.concat(right).every((m) => m[1].includes("wins")));
  // the thermograph: both walls and the mast drawn; the board drawn with its four cells
  for (const id of ["#pz-left-wall", "#pz-right-wall", "#pz-mast"]) {
    assert.ok((await page.getAttribute(id, "points")).split(" ").length >= 2, id);
  }
  assert.equal(await page.$$eval("#pz-board .pz-cell", (c) => c.length), 4);
  // the same answer as the API (= grundy value --json, with the moves)
  const api = await (await fetch(`${base}/api/value?position=${encodeURIComponent("domineering ../..")}`)).json();
  assert.equal(api.canonical, "{1|-1}");
  assert.equal(api.temperature, "1");
  await page.screenshot({ path: path.join(shots, "partizan.png"), fullPage: true });
  // a sum with a value and Hackenbush: no board, the canonical form of the sum
  await valuePartizan(page, "{2||1|0} + hackenbush LR");
  assert.equal(await page.$$eval("#pz-board .pz-cell", (c) => c.length), 0);
  // a loopy sum: its sides, a draw for each player moving first, the drawing moves
  await valuePartizan(page, "backsliding TTT..FFF");
  assert.equal(await page.textContent("#pz-canonical"), "{on||0|-1/2} & {1/2|0||off}");
  assert.equal(await page.getAttribute("#pz-outcome", "data-outcome"), "draw");
  assert.ok((await page.$$eval("#pz-left-moves li", (l) => l.length)) >= 1);
  const loopy = await (await fetch(`${base}/api/value?position=${encodeURIComponent("{0|pass} + -1/4")}`)).json();
  assert.equal(loopy.value, "-1/4over");
  assert.equal(loopy.outcome, "R");
  // a bad board: the command line's message
  await page.fill("#pz-position", "domineering ../.");
  await page.click("#pz-value");
  await page.waitForFunction(() => /ragged/.test(document.querySelector("#pz-error").textContent));
  // said under the section's form, the previous position's answer gone
  assert.equal(await page.textContent("#pz-summary"), "");
  assert.equal(await page.$$eval("#pz-left-moves li", (l) => l.length), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a board too big to value: who wins by search, and nothing left of the last position", async () => {
  const { page, errors } = await open();
  // the section names every game of both catalogs
  await page.waitForFunction(() => /amazons/.test(document.querySelector("#pz-games").textContent));
  assert.match(await page.textContent("#pz-loopy-games"), /backsliding ROW/);
  await valuePartizan(page, "domineering ../..");
  assert.equal(await page.$$eval("#pz-board .pz-cell", (c) => c.length), 4);
  const empty8 = "domineering " + Array(8).fill("........").join("/");
  await page.fill("#pz-position", empty8);
  await page.click("#pz-value");
  // at once: the last position's board and moves cleared
  await page.waitForFunction(() => document.querySelectorAll("#pz-board .pz-cell").length === 0);
  assert.equal(await page.$$eval("#pz-left-moves li", (l) => l.length), 0);
  // who wins, by search (the first player: 8 x 8 Domineering is N), while the value is tried
  await page.waitForSelector('#pz-outcome[data-by="search"]');
  assert.equal(await page.getAttribute("#pz-outcome", "data-outcome"), "N");
  // then the value's budget runs out: said where the user looks, the verdict kept
  await page.waitForFunction(
    () => /out of reach/.test((document.querySelector("#pz-value-reason") || {}).textContent || ""),
    null,
    { timeout: 60000 }
  );
  assert.equal(await page.getAttribute("#pz-outcome", "data-outcome"), "N");
  assert.equal(await page.textContent("#pz-error"), "");
  await page.screenshot({ path: path.join(shots, "partizan-by-search.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("plays Domineering on the board and wins with the middle column", async () => {
  const { page, errors } = await open();
  await valuePartizan(page, "domineering .../...");
  await page.selectOption("#pz-side", "left");
  await page.click("#pz-play");
  await page.waitForFunction(() => document.querySelector("#pz-status").textContent.startsWith("Your move"));
  // a vertical domino in the middle column: two 2 x 1 columns are left, worth 2 to Left
  await page.click('#pz-board .pz-cell[data-pz-cell="0,1"]');
  await page.waitForFunction(() => document.querySelector("#pz-status").dataset.result);
  assert.equal(await page.getAttribute("#pz-status", "data-result"), "you");
  assert.match(await page.textContent("#pz-status"), /Right has no move\. You win\./);
  await page.screenshot({ path: path.join(shots, "partizan-won.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("plays Snort and Clobber by clicking cells: a move is found by the cells it changes", async () => {
  const { page, errors } = await open();
  // the examples come from the partizan catalog (GET /api/partizan/games)
  await page.waitForFunction(() =>
    [...document.querySelectorAll("#pz-examples option")].some((o) => o.textContent === "snort ../..")
  );
  // snort ..: a stone bars its neighbour to the opponent, so the first stone wins
  await valuePartizan(page, "snort ..");
  assert.equal(await page.$$eval("#pz-board .pz-cell", (c) => c.length), 2);
  await page.selectOption("#pz-side", "left");
  await page.click("#pz-play");
  await page.waitForFunction(() => document.querySelector("#pz-status").textContent.startsWith("Your move"));
  await page.click('#pz-board .pz-cell[data-pz-cell="0,0"]');
  await page.waitForFunction(() => document.querySelector("#pz-status").dataset.result);
  assert.equal(await page.getAttribute("#pz-status", "data-result"), "you");
  // clobber: your stone, then the stone it takes (two captures from the middle stone)
  await valuePartizan(page, "clobber oxo");
  await page.selectOption("#pz-side", "left");
  await page.click("#pz-play");
  await page.waitForFunction(() => document.querySelector("#pz-status").textContent.startsWith("Your move"));
  await page.click('#pz-board .pz-cell[data-pz-cell="0,1"]');
  assert.equal(await page.$$eval("#pz-board .pz-selected", (c) => c.length), 1);
  await page.click('#pz-board .pz-cell[data-pz-cell="0,2"]');
  await page.waitForFunction(() => /clobber o\.x/.test(document.querySelector("#pz-summary").textContent));
  assert.deepEqual(errors, []);
  await page.close();
});

test("plays loopy games: Backsliding Toads and Frogs on the board to the end, and a draw", async () => {
  const { page, errors } = await open();
  // backsliding TT..F = on: Left, moving first, wins; the computer plays her and hurries
  await valuePartizan(page, "backsliding TT..F");
  assert.equal(await page.textContent("#pz-canonical"), "on");
  assert.equal(await page.$$eval("#pz-board .pz-cell", (c) => c.length), 5);
  await page.selectOption("#pz-side", "right");
  await page.check("#pz-computer-first");
  await page.click("#pz-play");
  const result = await playToTheEnd(page, "pz-status", async () => {
    assert.match(await page.textContent("#pz-status"), /you are losing/);
    const before = await page.textContent("#pz-summary");
    await page.click("#pz-right-moves li.clickable >> nth=0");
    await page.waitForFunction((b) => document.querySelector("#pz-summary").textContent !== b, before);
  });
  assert.equal(result, "computer");
  await page.screenshot({ path: path.join(shots, "loopy-play.png"), fullPage: true });
  // on + off: each side passes for ever; the third time round is a draw
  await page.uncheck("#pz-computer-first");
  await valuePartizan(page, "on + off");
  await page.selectOption("#pz-side", "left");
  await page.click("#pz-play");
  const drawn = await playToTheEnd(page, "pz-status", async () => {
    assert.match(await page.textContent("#pz-status"), /you can draw/);
    const before = await page.textContent("#pz-summary");
    await page.click("#pz-left-moves li.clickable >> nth=0");
    await page.waitForFunction((b) => document.querySelector("#pz-summary").textContent !== b, before);
  });
  assert.equal(drawn, "draw");
  // the API: a loopy state gives win, draw or loss for the mover and each move
  const state = await (
    await fetch(`${base}/api/play/partizan?position=${encodeURIComponent("backsliding TT..F")}&to_move=left`)
  ).json();
  assert.equal(state.result, "win");
  assert.deepEqual(state.board, ["TT..F"]);
  assert.equal(state.moves[state.computer].result, "win");
  assert.deepEqual(errors, []);
  await page.close();
});

test("plays Toads and Frogs as Right, the computer first, to the end", async () => {
  const { page, errors } = await open();
  // TT.FF: whoever moves first wins (a known N position): the computer, moving first, wins
  await valuePartizan(page, "toads TT.FF");
  const outcome = await page.getAttribute("#pz-outcome", "data-outcome");
  await page.selectOption("#pz-side", "right");
  await page.check("#pz-computer-first");
  await page.click("#pz-play");
  let moves = 0;
  const result = await playToTheEnd(page, "pz-status", async () => {
    const before = await page.textContent("#pz-summary");
    // the first listed move
    await page.click("#pz-right-moves li.clickable >> nth=0");
    moves++;
    await page.waitForFunction((b) => document.querySelector("#pz-summary").textContent !== b, before);
  });
  if (outcome === "N" || outcome === "L") assert.equal(result, "computer");
  // undo takes back to a position where we are to move again
  await page.click("#pz-undo");
  await page.waitForFunction(() => document.querySelector("#pz-status").textContent.startsWith("Your move"));
  assert.ok(moves >= 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test("one text, one answer in either section: a partizan sum typed above, an impartial one played below", async () => {
  const { page, errors } = await open();
  // a game of Left and Right typed in the first section is valued in the partizan section
  await page.fill("#position", "domineering ../..");
  await page.click("#solve");
  await page.waitForFunction(() => /partizan section/.test(document.querySelector("#summary").textContent));
  await page.waitForFunction(() => document.querySelector("#pz-canonical")?.textContent === "{1|-1}");
  assert.equal(await page.inputValue("#pz-position"), "domineering ../..");
  assert.equal(await page.$$eval("#moves tbody tr", (trs) => trs.length), 0);
  // every play route says its kind, as solve does
  const kinds = [];
  for (const position of ["nim 3", "domineering ../..", "backsliding TT..F"]) {
    const state = await (await fetch(`${base}/api/play?position=${encodeURIComponent(position)}`)).json();
    kinds.push(state.kind);
  }
  assert.deepEqual(kinds, ["impartial", "partizan", "loopy"]);
  // an impartial sum played in the partizan section: the computer, moving first on nim 1 2,
  // wins whatever we play
  await valuePartizan(page, "nim 1 2");
  await page.check("#pz-computer-first");
  await page.click("#pz-play");
  const result = await playToTheEnd(page, "pz-status", async () => {
    assert.match(await page.textContent("#pz-status"), /you are losing/);
    // read as a loopy state is: a loss for the mover, each move's result listed
    assert.equal(await page.textContent("#pz-result"), "loss");
    const listed = await page.$$eval("#pz-left-moves li", (li) => li.map((l) => l.textContent));
    assert.ok(listed.length > 0 && listed.every((t) => /\(loss/.test(t)), listed.join("; "));
    const before = await page.textContent("#pz-summary");
    await page.click("#pz-left-moves li.clickable >> nth=0");
    await page.waitForFunction((b) => document.querySelector("#pz-summary").textContent !== b, before);
  });
  assert.equal(result, "computer");
  assert.deepEqual(errors, []);
  await page.close();
});

test("draws Chomp and Cram boards and plays them by clicking cells", async () => {
  const { page, errors } = await open();
  // Chomp 2 x 3: the poisoned square and five squares; the first player wins
  await solve(page, "chomp 2 3");
  const cells = await page.$$eval("#imp-board .imp-cell", (cs) => cs.map((c) => c.className));
  assert.equal(cells.length, 6);
  assert.equal(cells.filter((c) => c.includes("imp-poison")).length, 1);
  assert.equal(cells.filter((c) => c.includes("imp-filled")).length, 5);
  await page.screenshot({ path: path.join(shots, "chomp.png"), fullPage: true });
  await page.click("#play-first");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your move"));
  // the bottom right square: the move that takes it alone (to rows of 3 and 2, a P-position),
  // not one of the moves that take it with others
  await page.click('#imp-board [data-imp-cell="1,2"]');
  await page.waitForFunction(() => game.steps.length >= 2);
  assert.equal(await page.evaluate(() => game.steps[1].position), "chomp 3,2");
  const won = await playToTheEnd(page, "status", async () => {
    await page.click("#moves tbody tr.win >> nth=0");
  });
  assert.equal(won, "you");

  // Cram 3 x 4: a domino is two clicks; the first cell alone does not single out a move
  await solve(page, "cram ..../..../....");
  assert.equal(await page.$$eval("#imp-board .imp-cell", (cs) => cs.length), 12);
  await page.click("#play-first");
  await page.waitForFunction(() => document.querySelector("#status").textContent.startsWith("Your move"));
  await page.click('#imp-board [data-imp-cell="0,0"]');
  await page.waitForSelector("#imp-board .imp-selected");
  assert.equal(await page.evaluate(() => game.steps.length), 1);
  await page.click('#imp-board [data-imp-cell="0,1"]');
  await page.waitForFunction(() => game.steps.length >= 2);
  assert.equal(await page.evaluate(() => game.steps[1].position), "cram ##../..../....");
  await page.waitForFunction(() => {
    const s = document.querySelector("#status");
    return s.dataset.result || s.textContent.startsWith("Your move");
  });
  // the board drawn is the position reached: two cells ours, two the computer's
  const filled = await page.$$eval("#imp-board .imp-filled", (cs) => cs.length);
  assert.equal(filled, 4);
  await page.screenshot({ path: path.join(shots, "cram.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});
