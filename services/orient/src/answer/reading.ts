import type { Edge } from "./facts.js";
import type { Mention, RelationWord } from "./question.js";

/** A path under way from the anchor: the symbol it has reached, its facts, and how far they are believed. */
export interface Partial {
  readonly node: string;
  readonly hops: readonly Edge[];
  readonly confidence: number;
}

/** The symbol a path starts from. */
export function anchorOf(p: Partial): string {
  const first = p.hops[0]!;
  return first.direction === "out" ? first.step.triple.subject : first.step.triple.object;
}

/** One way of reading an open question: the thing named that paths start from, the others they must be tied to, the words left to name their facts. */
export interface Reading {
  /** The question's tokens. */
  readonly toks: readonly string[];
  /** The things named that are no class. */
  readonly things: ReadonlySet<Mention>;
  /** "Where": the answer is a place; it may name the last fact but is never required. */
  readonly where: RelationWord | undefined;
  /** Positions of nesting nouns ("manager" in "Carol's manager"). */
  readonly nesting: ReadonlySet<number>;
  /** "Who ...": people first among equally good answers. */
  readonly person: boolean;
  /** The question asks for things alike in one respect ("the same office as"). */
  readonly alike: boolean;
  /** Only numbers answer ("how long ..."). */
  readonly quantity: boolean;
  /** The unit the number is asked in (a key of UNITS): the last fact's predicate must be in it. */
  readonly unit: string | undefined;
  /** A kind the answer must be described as by one of its facts ("which country" -> `italy is-a country`). */
  readonly kindWord: RelationWord | undefined;
  /** Every symbol the question names (none of them is an answer). */
  readonly named: readonly string[];
  readonly anchor: Mention;
  readonly others: readonly Mention[];
  readonly words: readonly RelationWord[];
  readonly type: string | undefined;
  /**
   * The anchor stands for what it holds: a class for its members ("dishes
   * that contain a sauce"), a place for the places within it ("born in
   * Chile"); the path starts with a member's is-a or located-in fact.
   */
  readonly members?: "class" | "place";
  /** Symbols named as owners ("Ana's children", "the children of Ana"): a fact of the path touches one only by its nesting noun. */
  readonly possessors: readonly string[];
  /** "Which of Ana's children ...": the answers are what the owner's noun names, so its fact is the path's last. */
  readonly choice: boolean;
  /** The head names whoever does a verb to what is named ("the manager of Carol"): no fact leads to an answer unnamed. */
  readonly relational: boolean;
  /** Where a word right after the head noun would be: it describes the answers ("frameworks written in Python"), so it names the last fact or one of the answer's own. */
  readonly afterHead: number | undefined;
  /** After a clause on the head noun, the word the question goes on with ("that depends on db is written in Rust"): it describes the answers too. */
  readonly afterClause?: number | undefined;
  /** Token positions [start, end) of a head noun that is no class: when it names a fact, that fact leads to the answers ("the moons" of Jupiter are what orbits it). */
  readonly headSpan?: readonly [number, number] | undefined;
}
