// The page of `grundy serve`: solve a position, play it against the perfect opponent, edit a
// board and see who wins from every cell, explore a game graph. Everything goes through the
// JSON API of the same server; nothing is loaded from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);

async function api(method, url, body) {
  const response = await fetch(url, { method, body });
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
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
    const [solved, state] = await Promise.all([
      api("GET", `/api/solve?position=${encodeURIComponent(position)}&misere=${misere}`),
      fetchState(position),
    ]);
    if (mine !== view) return;
    subject.position = state.position;
    renderSummary(state, solved);
    renderMoves(state, false);
  } catch (err) {
    if (mine !== view) return;
    showError(err);
    $("summary").textContent = "";
    renderMoves({ moves: [], truncated: false }, false);
  }
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
  $("status").textContent = `Your move (${verdict}): click a move.`;
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
