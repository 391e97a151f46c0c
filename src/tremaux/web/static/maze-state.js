/* The maze demo's state (M) and the constants of its traces. */
import { $ } from "./common.js";

export const N = 1, E = 2, S = 4, W = 8;
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 20000]; // events per second
export const EV = { VISIT: 10, MARK: 11, RETRACE: 12, BACKTRACK: 13, DEAD: 14, FOUND: 15, PATH: 16, LOOPING: 17 };
// Paint order: a cell keeps the strongest state it has reached.
export const RANK = { floor: 0, visited: 1, marked: 2, dead: 3, retraced: 4, path: 5 };
export const RANK_NAME = Object.keys(RANK);

export const M = {
  canvas: $("maze"),
  maze: null,       // {rows, cols, cells, start, goal, params}
  params: null,
  solution: null,   // server answer of /api/solve
  events: null,     // {kinds, cells, others}
  index: 0,
  playing: false,
  phase: "empty",   // empty | loading | ready | solving | animating | paused | done | error
  mazeOnItsWay: null,  // the AbortController of the maze request on its way: a newer choice gives it up
                       // (the server then stops its work) and is sent at once in its place
  cellState: null,  // Uint8 rank per cell
  edgeState: null,  // Map key -> state name
  marks: null,      // Map edge key -> count of MARK events
  stage: null,      // other grids while a trace plays: the stage's shapes on its canvas (maze-stage.js)
  stageShapes: null,  // {text, stage}: the shapes read from the answer's stage (kept for a redraw)
  painted: 0,       // cells painted on a stage so far (the whole stage: each of its cells), read by the tests
  dirty: null,      // the cells the events of a step changed (a Set), painted once at its end
  current: -1,
  geo: null,
  timer: 0,
  lastTick: 0,
  carry: 0,
  requestId: 0,
  file: null,       // a maze opened from a file (or pasted): {bytes, name}, sent again to solve it
  solving: null,    // the AbortController of the solve on its way: a newer choice gives it up (the server
                    // then stops the search, and the visitor's next request is not refused for it)
};

// A whole number typed in box `id`, within the box's own min and max (set from /api/limits):

// true when the maze shown is drawn from the server's picture (every grid but the plain square one)
export const onGrid = () => !!(M.maze && M.maze.svg);
// true when a trace on such a grid is replayed on the server's stage (cells and passages to colour); the
// replay ends there too, with the answer's path painted on it (the answer's picture, an element per cell, dot
// and mark, froze the page up to a second and a half as it was put in)
export const staging = () => !!(onGrid() && M.solution && M.solution.stage);

export let WALK_SEED = false;  // the server's solve request takes the traveler's seed
export function setWalkSeed(takes) { WALK_SEED = takes; }
