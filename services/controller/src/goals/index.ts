/**
 * Goal logic of the cycle controller: the closed-loop progress signal,
 * stall detection, decomposition and the goal book. Pure and transport-free.
 */
export * from "./errors.js";
export * from "./progress.js";
export * from "./evidence.js";
export * from "./stall.js";
export * from "./decompose.js";
export * from "./goal-book.js";
export * from "./goal-ref.js";
export * from "./told.js";
