// The page of `grundy serve`: solve a position, play it against the perfect opponent, edit a
// board and see who wins from every cell, explore a game graph. Everything goes through the
// JSON API of the same server; nothing is loaded from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);

async function api(method, url, body) {
  const response = await fetch(url, { method, body });
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) {
    const err = new Error(data.error || `HTTP ${response.status}`);
    err.status = response.status;
    throw err;
  }
  return data;
}

function showError(err) {
  $("error").textContent = err ? String(err.message || err) : "";
}

const OUTCOME_TEXT = {
  N: "the player to move wins",
  P: "the player to move loses",
  D: "a draw: neither player can force a win",
};

// ---------------------------------------------------------------- positions and play

// What the moves table shows: a sum (`position`, `misere`) or a game-graph position
// (`position` is its name, `graphText` the graph).
let subject = null;
// The game in play: `steps` are {position, you} (you: true when you are to move there).
let game = null;
// Bumped by every new view; an answer for an older view is dropped.
let view = 0;

function stateUrl(position) {
  if (subject.kind === "graph") {
    return ["POST", `/api/play/graph?at=${encodeURIComponent(position)}`, subject.graphText];
  }
  const misere = subject.misere ? "true" : "false";
  return ["GET", `/api/play?position=${encodeURIComponent(position)}&misere=${misere}`, undefined];
}

async function fetchState(position) {
  const [method, url, body] = stateUrl(position);
  return api(method, url, body);
}

function renderMoves(state, clickable) {
  const body = $("moves").querySelector("tbody");
  body.replaceChildren();
  state.moves.forEach((move, i) => {
    const row = document.createElement("tr");
    row.className = move.result + (clickable ? " clickable" : "");
    row.dataset.to = move.to;
    for (const text of [String(i + 1), move.to, move.result, move.remoteness ?? ""]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    if (clickable) row.addEventListener("click", () => humanMove(move.to));
    body.append(row);
  });
  $("more-moves").textContent = state.truncated
    ? `${state.total_moves} moves in all; the ${state.moves.length} listed include every winning one.`
    : "";
}

function renderSummary(state, solved) {
  const parts = [`<b>${escapeHtml(state.position)}</b>: <b>${state.outcome}</b>, ${OUTCOME_TEXT[state.outcome]}`];
  if (state.remoteness != null) parts.push(`remoteness ${state.remoteness}`);
  if (solved && solved.grundy != null) parts.push(`Grundy value <b id="grundy-value">${solved.grundy}</b>`);
  if (solved && solved.escapes) parts.push(`value ∞{${solved.escapes.join(",")}}`);
  $("summary").innerHTML = `<span id="outcome" data-outcome="${state.outcome}">${parts.join(" · ")}</span>`;
}

// The position as a board, when the server draws it (Cram, Chomp: `board`, rows of cells:
// "." empty, "#" filled or a square of chocolate, "x" the poisoned square); while you are to
// move, a click on a cell picks your move by the cells it changes.
const IMP_CELL_CLASS = { "#": "imp-filled", x: "imp-poison" };
let impBoard = { state: null, selected: [] };

function renderImpartialBoard(state, clickable) {
  const box = $("imp-board");
  box.replaceChildren();
  box.classList.toggle("playable", clickable);
  impBoard = { state: state && state.board ? state : null, selected: [], clickable };
  if (!impBoard.state) return;
  drawImpartialBoard();
}

function drawImpartialBoard() {
  const box = $("imp-board");
  box.replaceChildren();
  const rows = impBoard.state.board;
  box.style.gridTemplateColumns = `repeat(${Math.max(...rows.map((r) => r.length))}, 30px)`;
  const selected = new Set(impBoard.selected);
  rows.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "imp-cell " + (IMP_CELL_CLASS[ch] || "");
      if (selected.has(`${r},${c}`)) cell.classList.add("imp-selected");
      cell.dataset.impCell = `${r},${c}`;
      cell.addEventListener("click", () => clickImpartialCell(r, c));
      box.append(cell);
    })
  );
}

// A click selects the cell; the move is made once the cells selected single out one move:
// the only one that changes them all, or the one that changes the fewest cells (a Chomp
// square takes the squares beyond it too; a Cram cell waits for the domino's other cell).
function clickImpartialCell(r, c) {
  if (!impBoard.state || !impBoard.clickable) return;
  const key = `${r},${c}`;
  const selected = new Set(impBoard.selected);
  if (selected.has(key)) selected.delete(key);
  else selected.add(key);
  const before = impBoard.state.board;
  const candidates = impBoard.state.moves
    .filter((m) => m.board)
    .map((m) => [m, changedCells(before, m.board)])
    .filter(([, changed]) => [...selected].every((k) => changed.has(k)));
  const fewest = Math.min(...candidates.map(([, changed]) => changed.size));
  const least = candidates.filter(([, changed]) => changed.size === fewest);
  if (candidates.length === 1 || (least.length === 1 && candidates.length > 0)) {
    impBoard.selected = [];
    return humanMove(least.length === 1 ? least[0][0].to : candidates[0][0].to);
  }
  if (!candidates.length) {
    impBoard.selected = [];
    $("status").textContent = "No move changes that cell: try another.";
  } else {
    impBoard.selected = [...selected];
  }
  drawImpartialBoard();
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function solvePosition(event) {
  if (event) event.preventDefault();
  showError(null);
  const position = $("position").value.trim();
  const misere = $("misere").checked;
  subject = { kind: "sum", position, misere };
  game = null;
  const mine = ++view;
  drawHistory([]);
  $("status").textContent = "";
  $("undo").disabled = true;
  try {
    // who wins and the Grundy value (no move listed: the moves come with the state); a game
    // of Left and Right, known by the kind of either answer, is the next section's
    const playing = fetchState(position);
    playing.catch(() => {});
    const solved = await api(
      "GET",
      `/api/solve?position=${encodeURIComponent(position)}&misere=${misere}&max_moves=0&value=false`
    );
    if (mine !== view) return;
    if (solved.kind !== "impartial") return toPartizan(position);
    const state = await playing;
    if (mine !== view) return;
    if (state.kind !== "impartial") return toPartizan(position);
    subject.position = state.position;
    renderSummary(state, solved);
    renderMoves(state, false);
    renderImpartialBoard(state, false);
  } catch (err) {
    if (mine !== view) return;
    showError(err);
    $("summary").textContent = "";
    renderMoves({ moves: [], truncated: false }, false);
    renderImpartialBoard(null, false);
  }
}

// A sum with a partizan or loopy part, typed in this section: valued and played in the
// partizan section (Left and Right, boards), as the command line answers it.
function toPartizan(position) {
  subject = null;
  $("summary").textContent = "A game of Left and Right: answered in the partizan section below.";
  renderMoves({ moves: [], truncated: false }, false);
  renderImpartialBoard(null, false);
  $("pz-position").value = position;
  valuePartizan();
  $("partizan-section").scrollIntoView();
}

function startPlay(computerFirst) {
  if (!subject) return;
  showError(null);
  game = { steps: [{ position: subject.position, you: !computerFirst }], history: [] };
  ++view;
  $("undo").disabled = false;
  step();
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function step() {
  const here = game.steps[game.steps.length - 1];
  const mine = view;
  let state;
  try {
    state = await fetchState(here.position);
  } catch (err) {
    if (mine === view) showError(err);
    return;
  }
  if (mine !== view) return;
  game.history.length = game.steps.length - 1;
  game.history.push({ you: here.you, outcome: state.outcome, remoteness: state.remoteness });
  drawHistory(game.history);
  renderSummary(state, null);
  renderMoves(state, here.you && !state.over);
  renderImpartialBoard(state, here.you && !state.over);
  if (state.over) {
    // no move left: the player to move has lost (normal play) or won (misère)
    const moverWins = state.outcome === "N";
    const youWin = moverWins === here.you;
    $("status").textContent = youWin ? "You win." : "The computer wins.";
    $("status").dataset.result = youWin ? "you" : "computer";
    return;
  }
  if (!here.you) {
    $("status").textContent = "The computer is thinking…";
    await sleep(200);
    if (mine !== view) return;
    const move = state.moves[state.computer];
    game.steps.push({ position: move.to, you: true });
    return step();
  }
  const verdict = { N: "you can win", P: "you are losing", D: "a draw" }[state.outcome];
  const where = state.board ? "a move, or cells of the board" : "a move";
  $("status").textContent = `Your move (${verdict}): click ${where}.`;
  delete $("status").dataset.result;
}

function humanMove(to) {
  if (!game) return;
  const here = game.steps[game.steps.length - 1];
  if (!here.you) return;
  game.steps.push({ position: to, you: false });
  $("status").textContent = "The computer is thinking…";
  step();
}

function undo() {
  if (!game) return;
  // back to the last position where you were to move, before your last move
  while (game.steps.length > 1) {
    const last = game.steps.pop();
    if (!last.you && game.steps[game.steps.length - 1].you) break;
  }
  step();
}

// The value history, as GamesmanUni draws it: one point per position, above the line when
// you are winning, below when the computer is, further out the closer the win.
function drawHistory(points) {
  const svg = $("history");
  const W = Number(svg.getAttribute("width"));
  const H = Number(svg.getAttribute("height"));
  const known = points.filter((p) => p.remoteness != null).map((p) => p.remoteness);
  const maxR = known.length ? Math.max(...known) : 0;
  const values = points.map((p) => {
    const sign = p.outcome === "D" ? 0 : (p.outcome === "N") === p.you ? 1 : -1;
    const size = p.remoteness != null ? 1 + maxR - p.remoteness : 1;
    return sign * size;
  });
  const top = Math.max(1, ...values.map(Math.abs));
  const left = 40, right = W - 10, mid = H / 2, half = H / 2 - 18;
  const x = (i) => left + (points.length > 1 ? (i * (right - left)) / (points.length - 1) : 0);
  const y = (v) => mid - (v / top) * half;
  let svgText = `<line x1="${left}" y1="${mid}" x2="${right}" y2="${mid}" stroke="#9aa5b1"/>`;
  svgText += `<text x="4" y="16" font-size="11">you</text><text x="4" y="${H - 6}" font-size="11">computer</text>`;
  svgText += `<text x="${right - 70}" y="${H - 6}" font-size="11">move number</text>`;
  if (points.length) {
    const path = values.map((v, i) => `${x(i)},${y(v)}`).join(" ");
    svgText += `<polyline points="${path}" fill="none" stroke="#243b53" stroke-width="2"/>`;
    const every = Math.max(1, Math.ceil(points.length / 12));
    values.forEach((v, i) => {
      const colour = v > 0 ? "#2f9e44" : v < 0 ? "#d9480f" : "#e0a800";
      const r = points[i].remoteness;
      const tip = `move ${i}: ${v > 0 ? "you win" : v < 0 ? "the computer wins" : "draw"}` +
        (r != null ? ` in ${r}` : "");
      svgText += `<circle cx="${x(i)}" cy="${y(v)}" r="4" fill="${colour}" class="history-point"><title>${tip}</title></circle>`;
      if (i % every === 0) {
        svgText += `<text x="${x(i)}" y="${mid + 13}" font-size="10" text-anchor="middle" fill="#52606d">${i}</text>`;
      }
    });
  }
  svg.innerHTML = svgText;
}

// ---------------------------------------------------------------- the board

const board = { rows: 5, cols: 6, blocked: new Set(), playing: false, path: null, heat: null };

function boardText() {
  let text = `${board.rows} ${board.cols}\n`;
  for (let r = 1; r <= board.rows; r++) {
    let line = "";
    for (let c = 1; c <= board.cols; c++) line += board.blocked.has(`${r},${c}`) ? "#" : ".";
    text += line + "\n";
  }
  return text;
}

function renderBoard(targets) {
  const grid = $("board");
  grid.style.gridTemplateColumns = `repeat(${board.cols}, 30px)`;
  grid.replaceChildren();
  const visited = new Set(board.path || []);
  const token = board.path ? board.path[board.path.length - 1] : null;
  for (let r = 1; r <= board.rows; r++) {
    for (let c = 1; c <= board.cols; c++) {
      const key = `${r},${c}`;
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "cell";
      cell.dataset.cell = key;
      cell.title = key;
      if (board.blocked.has(key)) cell.classList.add("blocked");
      else if (board.heat && !board.path) cell.classList.add(board.heat.has(key) ? "win" : "lose");
      if (visited.has(key)) cell.classList.add("visited");
      if (key === token) { cell.classList.add("token"); cell.textContent = "●"; }
      if (targets && targets.has(key)) cell.classList.add("target");
      cell.addEventListener("click", () => clickCell(key));
      grid.append(cell);
    }
  }
}

function newBoard(event) {
  if (event) event.preventDefault();
  board.rows = Math.max(1, Math.min(60, Number($("rows").value) || 1));
  board.cols = Math.max(1, Math.min(60, Number($("cols").value) || 1));
  board.blocked = new Set();
  board.heat = null;
  board.path = null;
  board.playing = false;
  $("board-status").textContent = "";
  renderBoard();
}

async function solveBoard() {
  try {
    const report = await api("POST", "/api/geography?grid=true", boardText());
    board.heat = new Set(report.mover_wins.map(([r, c]) => `${r},${c}`));
    board.path = null;
    renderBoard();
    const free = board.rows * board.cols - board.blocked.size;
    $("board-status").textContent =
      `The player to move wins from ${board.heat.size} of ${free} free cells (maximum matching ${report.max_matching}).`;
  } catch (err) {
    $("board-status").textContent = String(err.message || err);
  }
}

function playBoard() {
  board.playing = true;
  board.path = null;
  renderBoard();
  $("board-status").textContent =
    "Click a free cell to put the token there; the computer moves first (a red cell is good for you).";
}

async function boardStep() {
  const walk = board.path;
  let state;
  try {
    const path = encodeURIComponent(walk.join(";"));
    state = await api("POST", `/api/play/board?path=${path}`, boardText());
  } catch (err) {
    if (walk === board.path) $("board-status").textContent = String(err.message || err);
    return;
  }
  if (walk !== board.path) return; // a new board or a new game meanwhile
  if (state.over) {
    const youWin = !board.yourTurn; // the player to move is stuck
    renderBoard();
    $("board-status").textContent = youWin ? "You win." : "The computer wins.";
    $("board-status").dataset.result = youWin ? "you" : "computer";
    return;
  }
  if (!board.yourTurn) {
    renderBoard();
    await sleep(200);
    if (walk !== board.path) return;
    board.path.push(state.moves[state.computer].to);
    board.yourTurn = true;
    return boardStep();
  }
  board.targets = new Set(state.moves.map((m) => m.to));
  renderBoard(board.targets);
  $("board-status").textContent =
    `Your move (${state.outcome === "N" ? "you can win" : "you are losing"}): click a marked cell.`;
  delete $("board-status").dataset.result;
}

function clickCell(key) {
  if (!board.playing) {
    if (board.blocked.has(key)) board.blocked.delete(key);
    else board.blocked.add(key);
    board.heat = null;
    renderBoard();
    return;
  }
  if (board.blocked.has(key)) return;
  if (!board.path) {
    board.path = [key];
    board.yourTurn = false;
    $("board-status").textContent = "The computer is thinking…";
    boardStep();
  } else if (board.yourTurn && board.targets && board.targets.has(key)) {
    board.path.push(key);
    board.yourTurn = false;
    board.targets = null;
    $("board-status").textContent = "The computer is thinking…";
    boardStep();
  }
}

// ---------------------------------------------------------------- game graphs

async function exploreGraph() {
  const text = $("graph-text").value;
  const body = $("graph-table").querySelector("tbody");
  body.replaceChildren();
  try {
    const report = await api("POST", "/api/graph?positions=true", text);
    $("graph-summary").textContent =
      `${report.vertices} positions, ${report.edges} moves${report.cyclic ? " (cycles)" : ""}: ` +
      `${report.win} won, ${report.lose} lost, ${report.draw} drawn for the player to move.`;
    for (const row of report.table) {
      const tr = document.createElement("tr");
      tr.className = { W: "win", L: "lose", D: "draw" }[row.outcome];
      const gamma = row.grundy != null ? String(row.grundy) : `∞{${(row.escapes || []).join(",")}}`;
      for (const t of [row.position, row.outcome, row.remoteness ?? "", gamma]) {
        const td = document.createElement("td");
        td.textContent = t;
        tr.append(td);
      }
      const td = document.createElement("td");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "moves / play";
      button.addEventListener("click", () => openGraphPosition(text, row.position));
      td.append(button);
      tr.append(td);
      body.append(tr);
    }
  } catch (err) {
    $("graph-summary").textContent = String(err.message || err);
  }
}

async function openGraphPosition(text, name) {
  subject = { kind: "graph", position: name, graphText: text };
  game = null;
  const mine = ++view;
  drawHistory([]);
  $("status").textContent = "";
  $("undo").disabled = true;
  showError(null);
  try {
    const state = await fetchState(name);
    if (mine !== view) return;
    renderSummary(state, null);
    renderMoves(state, false);
    $("solve-section").scrollIntoView();
  } catch (err) {
    if (mine === view) showError(err);
  }
}

// ---------------------------------------------------------------- wiring

$("solve-form").addEventListener("submit", solvePosition);
$("examples").addEventListener("change", () => {
  if ($("examples").value) {
    $("position").value = $("examples").value;
    solvePosition();
  }
});
$("play-first").addEventListener("click", () => startPlay(false));
$("play-second").addEventListener("click", () => startPlay(true));
$("undo").addEventListener("click", undo);
$("board-form").addEventListener("submit", newBoard);
$("board-solve").addEventListener("click", solveBoard);
$("board-play").addEventListener("click", playBoard);
$("graph-explore").addEventListener("click", exploreGraph);
newBoard();
solvePosition();

// ---------------------------------------------------------------- partizan games

const PZ_OUTCOME = {
  L: "Left wins, whoever moves first",
  R: "Right wins, whoever moves first",
  N: "the player to move wins",
  P: "the player to move loses",
};
const other = (side) => (side === "left" ? "right" : "left");
const sideName = (side) => (side === "left" ? "Left" : "Right");

// The game in play: {you, toMove, position, steps: [{position, toMove}], state, selected}.
let pz = null;
let pzView = 0;

// An error of the partizan section, said under its form (where the user is looking).
function pzError(err) {
  $("pz-error").textContent = err ? String(err.message || err) : "";
}

// Clears what belonged to the previous position: summary, board, moves, thermograph.
function pzClear(summary) {
  $("pz-summary").textContent = summary || "";
  renderPartizanBoard(null);
  renderPartizanMoves("pz-left-moves", [], null);
  renderPartizanMoves("pz-right-moves", [], null);
  $("pz-thermograph").replaceChildren();
}

// Who wins by search (`GET /api/solve` with no move listed and no value), while the value is
// being found or when it is out of reach (`reason`).
function renderVerdict(r, reason) {
  const by = (o) =>
    `<span id="pz-outcome" data-outcome="${o}" data-by="search">${o}: ${PZ_OUTCOME[o] || OUTCOME_TEXT[o]}</span> (found by search)`;
  const parts = [`<b>${escapeHtml(r.position)}</b>`];
  if (r.left_first !== undefined) {
    parts.push(
      `<span id="pz-outcome" data-outcome="${r.outcome || "draw"}" data-by="search">Left first: ${r.left_first}, Right first: ${r.right_first}</span>`
    );
  } else {
    parts.push(by(r.outcome));
  }
  parts.push(
    reason
      ? `<span id="pz-value-reason">the value is out of reach (${escapeHtml(reason)}): Play plays by search</span>`
      : `<span id="pz-value-reason">valuing…</span>`
  );
  $("pz-summary").innerHTML = parts.join(" · ");
}

// A dyadic as grundy writes it ("-5/4") as a number, for drawing only.
function dyadic(text) {
  const [n, d] = text.split("/");
  return Number(n) / (d ? Number(d) : 1);
}

function drawThermograph(report) {
  const svg = $("pz-thermograph");
  const W = Number(svg.getAttribute("width")), H = Number(svg.getAttribute("height"));
  const temperature = dyadic(report.temperature), mean = dyadic(report.mean);
  const wall = (corners) => {
    const p = corners.map(([t, v]) => [dyadic(v), dyadic(t)]);
    if (!p.length || p[p.length - 1][1] < temperature) p.push([mean, temperature]);
    return p;
  };
  const left = wall(report.thermograph.left), right = wall(report.thermograph.right);
  const top = temperature + Math.max(1, temperature + 1) * 0.5;
  const vs = left.concat(right).map((p) => p[0]);
  const hi = Math.max(mean, ...vs), lo = Math.min(mean, ...vs);
  const pad = Math.max(0.5, (hi - lo) * 0.15);
  const x0 = 40, x1 = W - 10, y0 = H - 30, y1 = 10;
  // values decrease to the right
  const x = (v) => x0 + ((hi + pad - v) / (hi - lo + 2 * pad)) * (x1 - x0);
  const y = (t) => y0 - ((t + 1) / (top + 1)) * (y0 - y1);
  const line = (pts, colour, id) =>
    `<polyline id="${id}" points="${pts.map(([v, t]) => `${x(v)},${y(t)}`).join(" ")}" fill="none" stroke="${colour}" stroke-width="3"/>`;
  let text = `<line x1="${x0}" y1="${y(0)}" x2="${x1}" y2="${y(0)}" stroke="#ccc"/>`;
  text += `<text x="4" y="${y(0) + 4}" font-size="11">t=0</text>`;
  text += `<text x="${x1 - 185}" y="${H - 8}" font-size="11">value (decreasing to the right)</text>`;
  text += line(left, "#1c4fb8", "pz-left-wall") + line(right, "#b42318", "pz-right-wall");
  text += line([[mean, temperature], [mean, top]], "#000", "pz-mast");
  text += `<text x="${x(mean) + 6}" y="${y(top) + 12}" font-size="12">mean ${escapeHtml(report.mean)}, temperature ${escapeHtml(report.temperature)}</text>`;
  svg.innerHTML = text;
}

function renderPartizanSummary(r) {
  const parts = [
    `<b>${escapeHtml(r.position)}</b> = <b id="pz-canonical">${escapeHtml(r.canonical)}</b>`,
    `<span id="pz-outcome" data-outcome="${r.outcome}">${r.outcome}: ${PZ_OUTCOME[r.outcome]}</span>`,
    `stops ${escapeHtml(r.left_stop)}, ${escapeHtml(r.right_stop)}`,
    `mean ${escapeHtml(r.mean)}`,
    `temperature ${escapeHtml(r.temperature)}`,
  ];
  if (r.reduced !== r.canonical) parts.push(`reduced ${escapeHtml(r.reduced)}`);
  if (r.atomic_weight != null) parts.push(`atomic weight ${escapeHtml(r.atomic_weight)}`);
  $("pz-summary").innerHTML = parts.join(" · ");
}

// A sum with a loopy part: its value (or sides), win, loss or draw for each player moving
// first, and the moves that win (or else draw), which explore on a click.
function renderLoopy(r) {
  const first = (who, p) => `${who} first: ${p}`;
  const value = r.value != null ? escapeHtml(r.value) : `not found (${escapeHtml(r.value_reason || "")})`;
  const parts = [
    `<b>${escapeHtml(r.position)}</b> = <b id="pz-canonical">${value}</b>`,
    r.outcome != null
      ? `<span id="pz-outcome" data-outcome="${r.outcome}">${r.outcome}: ${PZ_OUTCOME[r.outcome]}</span>`
      : `<span id="pz-outcome" data-outcome="draw">${first("Left", r.left_first)}, ${first("Right", r.right_first)}</span>`,
  ];
  if (r.left_stop != null) parts.push(`stops ${escapeHtml(r.left_stop)}, ${escapeHtml(r.right_stop)}`);
  if (r.mean != null) parts.push(`mean ${escapeHtml(r.mean)}`, `<span id="pz-temperature">temperature ${escapeHtml(r.temperature)}</span>`);
  parts.push(r.stopper ? "a stopper" : "not a stopper");
  $("pz-summary").innerHTML = parts.join(" · ");
  $("pz-thermograph").replaceChildren();
  renderPartizanBoard(r.board);
  const moves = (list) => list.map((m) => ({ to: m.position, value: m.result, wins: m.result === "win" }));
  const explore = (m) => {
    $("pz-position").value = m.to;
    valuePartizan();
  };
  renderPartizanMoves("pz-left-moves", moves(r.left_moves), explore);
  renderPartizanMoves("pz-right-moves", moves(r.right_moves), explore);
}

// Lists one player's moves; `onClick(move)` when they may be clicked.
function renderPartizanMoves(id, moves, onClick) {
  const list = $(id);
  list.replaceChildren();
  for (const m of moves) {
    const item = document.createElement("li");
    item.textContent = `${m.to}   (${m.value})`;
    item.dataset.to = m.to;
    if (m.wins) item.className = "wins";
    if (onClick) {
      item.classList.add("clickable");
      item.addEventListener("click", () => onClick(m));
    }
    list.append(item);
  }
}

// Cells as the games write them: blocked or filled, Left's pieces, Right's pieces. Which game
// a board belongs to never matters here: the server draws each position (`board`, rows of
// cells) and each move's result, and a click picks a move by the cells it changes.
const CELL_CLASS = {
  "#": "pz-filled",
  x: "pz-left",
  o: "pz-right",
  T: "pz-left",
  F: "pz-right",
  g: "pz-left",
  f: "pz-right",
};

function renderPartizanBoard(rows) {
  const box = $("pz-board");
  box.replaceChildren();
  if (!rows || !rows.length) return;
  box.style.gridTemplateColumns = `repeat(${rows[0].length}, 30px)`;
  const selected = new Set(pz && pz.selected ? pz.selected : []);
  [...rows].forEach((row, r) =>
    [...row].forEach((ch, c) => {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.className = "pz-cell " + (CELL_CLASS[ch] || "");
      if (selected.has(`${r},${c}`)) cell.classList.add("pz-selected");
      cell.dataset.pzCell = `${r},${c}`;
      cell.textContent = ch === "." || ch === "#" ? "" : ch;
      cell.addEventListener("click", () => clickPartizanCell(r, c));
      box.append(cell);
    })
  );
}

// The cells ("r,c") where two boards differ (a cell the second board lacks is empty: a
// Chomp diagram shrinks as squares are taken).
function changedCells(before, after) {
  const out = new Set();
  before.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (((after[r] || "")[c] || ".") !== row[c]) out.add(`${r},${c}`);
    }
  });
  return out;
}

async function valuePartizan(event) {
  if (event) event.preventDefault();
  pzError(null);
  pz = null;
  const mine = ++pzView;
  $("pz-undo").disabled = true;
  $("pz-status").textContent = "";
  delete $("pz-status").dataset.result;
  const position = $("pz-position").value.trim();
  pzClear("valuing…");
  // who wins, by search, beside the value (which may be out of reach): shown while the value
  // is being found, and kept when it cannot be
  let valued = false;
  const verdict = api(
    "GET",
    `/api/solve?position=${encodeURIComponent(position)}&max_moves=0&value=false`
  ).then(
    (r) => {
      if (mine === pzView && !valued) renderVerdict(r, null);
      return r;
    },
    (err) => err
  );
  try {
    const r = await api("GET", `/api/value?position=${encodeURIComponent(position)}`);
    valued = true;
    if (mine !== pzView) return;
    if (r.left_first !== undefined) {
      renderLoopy(r);
      return;
    }
    renderPartizanSummary(r);
    drawThermograph(r);
    renderPartizanBoard(r.board);
    const explore = (m) => {
      $("pz-position").value = m.to;
      valuePartizan();
    };
    renderPartizanMoves("pz-left-moves", r.left_moves, explore);
    renderPartizanMoves("pz-right-moves", r.right_moves, explore);
  } catch (err) {
    valued = true;
    if (mine !== pzView) return;
    // a position that does not read is said at once; one too big to value is answered by
    // search when the search can
    const searched = err.status === 400 ? err : await verdict;
    if (mine !== pzView) return;
    if (searched instanceof Error) {
      pzClear("");
      pzError(err);
      return;
    }
    pzClear("");
    renderVerdict(searched, err.message);
  }
}

async function startPartizan() {
  pzError(null);
  const you = $("pz-side").value;
  const first = $("pz-computer-first").checked ? other(you) : you;
  const position = $("pz-position").value.trim();
  pz = { you, steps: [{ position, toMove: first }], state: null, selected: null };
  ++pzView;
  pzClear("");
  $("pz-status").textContent = "";
  delete $("pz-status").dataset.result;
  $("pz-undo").disabled = false;
  await pzStep();
}

async function pzStep() {
  const here = pz.steps[pz.steps.length - 1];
  const mine = pzView;
  let state;
  try {
    state = await api(
      "GET",
      `/api/play/partizan?position=${encodeURIComponent(here.position)}&to_move=${here.toMove}`
    );
  } catch (err) {
    if (mine === pzView) pzError(err);
    return;
  }
  if (mine !== pzView) return;
  // an impartial sum (its outcome N, P or D) is played as a loopy one is: win, draw or loss
  // for the mover and for each move
  if (state.kind === "impartial") {
    state.result = { N: "win", P: "loss", D: "draw" }[state.outcome];
    state.moves = state.moves.map((m) => ({ ...m, result: m.result === "lose" ? "loss" : m.result }));
  }
  const loopy = state.kind !== "partizan";
  if (loopy) {
    const after = (m) => (m.remoteness != null ? `${m.result}, ${m.remoteness} more moves` : m.result);
    state.moves = state.moves.map((m) => ({ ...m, value: after(m), wins: m.result === "win" }));
  }
  pz.state = state;
  pz.selected = null;
  here.position = state.position;
  const yours = here.toMove === pz.you;
  $("pz-summary").innerHTML = loopy
    ? `<b>${escapeHtml(state.position)}</b> · ${sideName(here.toMove)} to move · <span id="pz-result">${state.result}</span> for ${sideName(here.toMove)}`
    : state.value === "?"
      ? `<b>${escapeHtml(state.position)}</b> (too large to value: played by search) · ${sideName(here.toMove)} to move`
      : `<b>${escapeHtml(state.position)}</b> = <b id="pz-canonical">${escapeHtml(state.value)}</b> · ${sideName(here.toMove)} to move`;
  renderPartizanBoard(state.board);
  const clickable = yours && state.moves.length ? (m) => pzMove(m.to) : null;
  renderPartizanMoves(here.toMove === "left" ? "pz-left-moves" : "pz-right-moves", state.moves, clickable);
  renderPartizanMoves(here.toMove === "left" ? "pz-right-moves" : "pz-left-moves", [], null);
  const status = $("pz-status");
  if (!state.moves.length) {
    status.textContent = `${sideName(here.toMove)} has no move. ${yours ? "The computer wins." : "You win."}`;
    status.dataset.result = yours ? "computer" : "you";
    return;
  }
  // a drawn game that comes back to the same position a third time ends in a draw
  const seen = pz.steps.filter((s) => s.position === here.position && s.toMove === here.toMove).length;
  if (loopy && state.result === "draw" && seen >= 3) {
    status.textContent = "The same position, the same player to move, a third time: a draw (neither side can force a win).";
    status.dataset.result = "draw";
    return;
  }
  delete status.dataset.result;
  if (!yours) {
    status.textContent = "The computer is thinking…";
    await sleep(200);
    if (mine !== pzView) return;
    pz.steps.push({ position: state.moves[state.computer].to, toMove: pz.you });
    return pzStep();
  }
  const outlook = loopy
    ? { win: "you can win", draw: "you can draw, play going on for ever", loss: "you are losing" }[state.result]
    : state.mover_wins
      ? "you can win"
      : "you are losing";
  status.textContent = `Your move as ${sideName(pz.you)} (${outlook}): click the board or a move.`;
}

function pzMove(to) {
  if (!pz || !pz.state) return;
  const here = pz.steps[pz.steps.length - 1];
  if (here.toMove !== pz.you) return;
  if (!pz.state.moves.some((m) => m.to === to)) {
    $("pz-status").textContent = "That is not one of your moves.";
    return;
  }
  pz.steps.push({ position: to, toMove: other(pz.you) });
  pzStep();
}

// A click on the board while you are to move: it selects the cell, and the move is made once
// the cells selected single out one of your moves (the moves whose changes include them: one
// left, or one that changes exactly them). A click that fits no move starts again.
function clickPartizanCell(r, c) {
  if (!pz || !pz.state || !pz.state.board) return;
  const here = pz.steps[pz.steps.length - 1];
  if (here.toMove !== pz.you) return;
  const key = `${r},${c}`;
  const selected = new Set(pz.selected || []);
  if (selected.has(key)) selected.delete(key);
  else selected.add(key);
  const fits = (m) => {
    if (!m.board) return null;
    const changed = changedCells(pz.state.board, m.board);
    return [...selected].every((k) => changed.has(k)) ? changed : null;
  };
  const candidates = pz.state.moves.map((m) => [m, fits(m)]).filter(([, changed]) => changed);
  const exact = candidates.filter(([, changed]) => changed.size === selected.size);
  let chosen = null;
  if (candidates.length === 1) chosen = candidates[0][0];
  else if (exact.length === 1) chosen = exact[0][0];
  if (chosen) {
    pz.selected = null;
    return pzMove(chosen.to);
  }
  if (!candidates.length) {
    pz.selected = null;
    $("pz-status").textContent = "No move of yours changes that cell: try another.";
  } else {
    pz.selected = [...selected];
  }
  renderPartizanBoard(pz.state.board);
}

function undoPartizan() {
  if (!pz) return;
  while (pz.steps.length > 1) {
    pz.steps.pop();
    if (pz.steps[pz.steps.length - 1].toMove === pz.you) break;
  }
  ++pzView;
  pzStep();
}

// The examples of every game of the partizan catalog, after the sums written in the page, and
// the games named in the section's text (the partizan and loopy catalogs).
async function listPartizanGames() {
  try {
    const games = await api("GET", "/api/partizan/games");
    const keywords = [...new Set(games.map((g) => g.keyword))];
    $("pz-games").innerHTML = keywords.map((k) => `<code>${escapeHtml(k)}</code>`).join(", ");
    const loopy = await api("GET", "/api/loopy/games");
    $("pz-loopy-games").innerHTML = loopy
      .map((g) => `<code title="${escapeHtml(g.summary)}">${escapeHtml(g.usage)}</code>`)
      .join(", ");
    const select = $("pz-examples");
    for (const game of games) {
      for (const example of game.examples) {
        const option = document.createElement("option");
        option.textContent = example;
        option.title = game.summary;
        select.append(option);
      }
    }
  } catch (err) {
    pzError(err);
  }
}

$("pz-form").addEventListener("submit", valuePartizan);
listPartizanGames();
$("pz-examples").addEventListener("change", () => {
  if ($("pz-examples").value) {
    $("pz-position").value = $("pz-examples").value;
    valuePartizan();
  }
});
$("pz-play").addEventListener("click", startPartizan);
$("pz-undo").addEventListener("click", undoPartizan);
valuePartizan();
