import { stem, type SynonymTable } from "@boyd/vsa";

/**
 * Relation concepts: words people use for a relation, by root. A question's
 * relation words are compared with predicate names through these roots (and
 * the hypervector encoder's stems and trigrams), so "boss" meets
 * `reports_to`, "feed on" meets `eats` and "lives in" meets `habitat`.
 * General English, not tied to any one graph; extend it by adding words.
 */
export const RELATION_SYNONYMS: SynonymTable = {
  kind: ["kind", "type", "class", "classified", "category", "categorised", "categorized", "instance", "species", "sort", "belong", "isa", "subclass"],
  orbit: ["orbit", "orbits", "revolve", "circle", "moon", "moons", "satellite", "satellites", "around"],
  locate: ["located", "location", "locate", "where", "situated", "lie", "lies", "based", "place", "region", "within", "headquartered"],
  capital: ["capital", "seat"],
  eat: ["eat", "eats", "feed", "feeds", "prey", "consume", "devour", "hunt"],
  habitat: ["live", "lives", "living", "habitat", "dwell", "inhabit", "home", "reside", "environment", "found"],
  report: ["report", "reports", "manager", "manage", "managed", "boss", "supervisor", "supervise", "superior", "lead", "head", "under", "ceo"],
  member: ["member", "members", "membership", "team", "join", "joined", "belongs", "works", "staff"],
  own: ["own", "owns", "owner", "owned", "responsible", "maintain", "maintains", "maintained", "maintainer", "look", "after", "care", "steward", "charge", "run", "runs"],
  depend: ["depend", "depends", "dependency", "dependencies", "rely", "relies", "require", "requires", "required", "prerequisite", "prerequisites", "need", "needs", "use", "uses", "built"],
  speak: ["language", "languages", "speak", "speaks", "spoken", "tongue", "official"],
  write: ["written", "write", "wrote", "implemented", "implement", "coded", "language", "programming"],
  money: ["currency", "money", "pay", "tender", "coin"],
  border: ["border", "borders", "bordering", "neighbour", "neighbor", "neighbours", "neighbors", "adjacent", "next"],
  population: ["population", "populous", "inhabitants", "people", "residents"],
  discover: ["discover", "discovered", "discoverer", "discovery", "found", "spotted", "observed"],
  part: ["part", "parts", "component", "components", "piece", "belong", "belongs", "within", "division", "subdivision", "unit"],
  contain: ["contain", "contains", "include", "includes", "hold", "holds", "consist", "comprise", "made", "composed", "compose", "composition", "ingredient", "ingredients"],
  visit: ["visit", "visited", "explore", "explored", "flyby"],
  climb: ["climb", "climbs", "climbed", "climber", "climbers", "ascent", "ascend", "ascended", "summit", "summited", "scaled"],
  destination: ["destination", "destinations", "go", "goes", "going", "gone", "went", "travel", "travels", "travelled", "traveled", "bound", "headed"],
  atmosphere: ["atmosphere", "air", "gas", "gases"],
  prepare: ["prep", "prepare", "prepared", "preparation", "cook", "cooks", "cooked", "cooking", "make"],
  period: ["period", "long", "short", "duration", "take", "takes", "took", "runtime"],
  // A time unit in a predicate's name says how long a thing takes ("prep_minutes"): "How long does it take?", "the quickest".
  // Not "long" alone: "How long is the ferry?" asks its length, not its crossing's minutes.
  timed: ["take", "takes", "took", "taken", "lasts", "lasted", "quick", "minutes", "mins", "hours", "hrs", "seconds", "secs", "days", "weeks"],
  birth: ["born", "birth", "birthplace", "native"],
  death: ["died", "die", "dies", "death", "deathplace", "dead"],
  award: ["award", "awards", "awarded", "won", "win", "wins", "winner", "prize", "prizes", "honour", "honor", "received", "receive"],
  // "from" alone is never a question's word; it stands for this concept in "Where is Queen from?" (question.ts).
  origin: ["origin", "origins", "originate", "originates", "originated", "come", "comes", "came", "hail", "hails", "source", "from", "hometown"],
  licence: ["licence", "license", "licensed", "licenced", "terms"],
  version: ["version", "release", "latest"],
  release: ["released", "release", "launch", "launched", "published", "shipped", "year", "date", "founded"],
  platform: ["runs", "run", "platform", "host", "hosted", "deploy", "deployed", "operating"],
  study: ["alma", "mater", "educated", "education", "attend", "attended", "attends", "study", "studied", "studies", "alumnus", "alumna", "alumni", "graduate", "graduated", "student"],
  advise: ["advisor", "adviser", "advise", "advised", "advises", "mentor", "mentored", "doctoral"],
  work: ["work", "works", "employ", "employed", "employer", "job", "company"],
  property: ["property", "properties", "trait", "traits", "characteristic", "feature", "features", "have", "has", "quality"],
  lifespan: ["lifespan", "live", "age", "old", "years", "long"],
  similar: ["similar", "like", "resemble", "resembles", "alike"],
  create: ["create", "created", "creator", "author", "authored", "develop", "developed", "developer", "maker", "made", "founder", "invent", "invented", "built"],
  manufacture: ["make", "makes", "made", "maker", "makers", "manufacture", "manufactures", "manufactured", "manufacturer", "manufacturers", "produce", "produces", "produced", "producer", "producers"],
  score: ["score", "scores", "scored", "scorer", "scoring", "goal", "goals"],
  flow: ["flow", "flows", "river", "drain", "drains", "mouth"],
  height: ["height", "high", "tall", "elevation", "short"],
  salary: ["salary", "salaries", "earn", "earns", "earned", "paid", "pay", "wage", "wages", "income"],
  price: ["price", "prices", "priced", "cost", "costs", "cheap", "expensive", "costly", "pricey"],
  kin: ["parent", "parents", "child", "children", "offspring"],
  marriage: ["spouse", "spouses", "married", "marry", "marries", "wed", "wedded", "husband", "husbands", "wife", "wives"],
  succession: ["predecessor", "predecessors", "successor", "successors", "prequel", "sequel", "sequels"],
  length: ["length", "long", "lengthy", "short"],
  distance: ["distance", "far", "away", "distant"],
  depth: ["depth", "deep"],
  weight: ["weight", "weigh", "weighs", "heavy", "mass"],
  temperature: ["temperature", "hot", "cold", "warm"],
  effect: ["effect", "effects", "cause", "causes", "caused", "causing", "adverse"],
};

/**
 * Words that ask rather than say: question words, auxiliaries, articles,
 * prepositions, fillers of requests ("find out", "tell me"). They are never
 * entity mentions and never relation words.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the of to in on at by for with from into onto about as and or nor but if whether than then that this these those there here " +
    "what which who whom whose where when why how many much " +
    "is are was were be been being am do does did done doing can could will would shall should may might must " +
    "i me my we us our you your it its they them their he him his she her " +
    "find out tell show give list name know learn look up please let get see check determine identify figure explain describe " +
    "all any some each every both one ones thing things kind sort people person somebody someone something anything everything " +
    "want need like would just also actually exactly currently"
  ).split(" "),
);

/**
 * Irregular past forms of verbs people ask with, by the verb ("taught" ->
 * teach), so "the courses taught by Lee" names `teaches` as "written"
 * names `written_by`. Forms that are also common words of another sense
 * ("found" a company, "left", "born", "saw", "felt", "lay") are left out.
 */
const IRREGULAR_FORMS: Record<string, readonly string[]> = {
  teach: ["taught"], think: ["thought"], buy: ["bought"], bring: ["brought"], catch: ["caught"], fight: ["fought"], seek: ["sought"],
  build: ["built"], send: ["sent"], spend: ["spent"], lend: ["lent"], mean: ["meant"], hold: ["held"], lead: ["led"], feed: ["fed"],
  meet: ["met"], keep: ["kept"], sell: ["sold"], tell: ["told"], make: ["made"], pay: ["paid"], say: ["said"], win: ["won"], run: ["ran"],
  begin: ["began", "begun"], write: ["wrote", "written"], drive: ["drove", "driven"], ride: ["rode", "ridden"], speak: ["spoke", "spoken"],
  break: ["broke", "broken"], choose: ["chose", "chosen"], freeze: ["froze", "frozen"], steal: ["stole", "stolen"], give: ["gave", "given"],
  take: ["took", "taken"], eat: ["ate", "eaten"], know: ["knew", "known"], grow: ["grew", "grown"], throw: ["threw", "thrown"],
  draw: ["drew", "drawn"], fly: ["flew", "flown"], show: ["shown"], see: ["seen"], go: ["went", "gone"], come: ["came"], become: ["became"],
  forget: ["forgot", "forgotten"], hide: ["hid", "hidden"], sing: ["sang", "sung"], drink: ["drank", "drunk"], swim: ["swam", "swum"],
  wear: ["wore", "worn"], tear: ["tore", "torn"], hang: ["hung"], dig: ["dug"], strike: ["struck"], stand: ["stood"], understand: ["understood"],
  lose: ["lost"], shine: ["shone"], sleep: ["slept"], sweep: ["swept"], weep: ["wept"], bind: ["bound"], wind: ["wound"], shake: ["shaken", "shook"],
  beat: ["beaten"], bite: ["bitten"], fall: ["fell", "fallen"], rise: ["risen"],
};

const VERB_OF_FORM: ReadonlyMap<string, string> = new Map(Object.entries(IRREGULAR_FORMS).flatMap(([verb, forms]) => forms.map((f) => [f, verb] as const)));

/** The verb an irregular past form is of ("taught" -> "teach"); any other word as it is. */
export function verbOf(word: string): string {
  return VERB_OF_FORM.get(word) ?? word;
}

/**
 * Whether two words are forms of one word ("require", "requires",
 * "required"; "teach", "taught"): a relation said twice in a question may
 * be said in two forms.
 */
export function sameWord(a: string, b: string): boolean {
  return a === b || verbStem(a) === verbStem(b);
}

/**
 * A word's stem, an irregular form taken as its verb ("taught" as
 * "teach"). A short verb in "-y" ("fly", "try") ends as its other forms'
 * stems do ("flies": "fli"), which the stemmer leaves it short of.
 */
export function verbStem(word: string): string {
  const s = stem(verbOf(word));
  return s.length <= 3 && s.endsWith("y") ? `${s.slice(0, -1)}i` : s;
}

/**
 * Whether a word can be a past participle ("used", "spoken", "taught"):
 * never the simple past of a verb whose participle differs ("spoke",
 * "wrote"), nor a verb's base.
 */
export function participle(word: string): boolean {
  const forms = IRREGULAR_FORMS[verbOf(word)];
  if (forms && verbOf(word) !== word) return forms.length === 1 || word === forms.at(-1);
  return word.length > 4 && word.endsWith("ed");
}

/** A verb's past form ("joined", "wrote"), no noun: "-ed" on a word past four letters, save "-eed" (speed, breed), or an irregular form. */
export function pastForm(word: string): boolean {
  return (word.length > 4 && word.endsWith("ed") && !word.endsWith("eed")) || verbOf(word) !== word;
}

/**
 * Nouns for whoever does a verb, by noun: an owner owns (or maintains, or
 * runs), a boss manages, a moon orbits. "X's owner" and "the owner of X"
 * ask for what does the verb to X, so a predicate of that verb is read
 * from the answer to X (`owns`) or from X to the answer (`owned_by`); a
 * predicate the noun meets only through a related concept (a boss and
 * `reports_to`) is taken as the verb's converse, read from X. Word order
 * cannot tell these apart: "the boss of Nina" is the one Nina reports to.
 */
const AGENT_NOUNS: Record<string, readonly string[]> = {
  owner: ["own", "maintain", "run"], maintainer: ["maintain", "own"], operator: ["operate", "run"],
  boss: ["manage", "supervise", "lead", "head", "oversee"], manager: ["manage", "supervise", "lead", "head", "oversee"],
  supervisor: ["supervise", "manage", "oversee"], superior: ["manage", "supervise", "lead"], head: ["head", "lead", "manage"],
  leader: ["lead", "head", "manage"], lead: ["lead", "head", "manage"], ceo: ["lead", "head", "manage", "run"],
  // Nouns only: a bare predicate that is also a verb (`coach`, `host`) may say "London hosts the Olympics", so it tells no doer.
  mayor: ["govern", "run", "lead"], governor: ["govern", "run", "lead"],
  author: ["write", "author"], writer: ["write"], creator: ["create", "make", "build", "develop", "invent", "author"], maker: ["make", "build", "create"],
  builder: ["build"], developer: ["develop", "build", "write"], inventor: ["invent"], founder: ["found"], director: ["direct"],
  producer: ["produce"], publisher: ["publish"], employer: ["employ"], teacher: ["teach"], instructor: ["teach", "instruct"],
  discoverer: ["discover"], moon: ["orbit", "circle", "revolve"], satellite: ["orbit", "circle", "revolve"],
  // "Carol's reports" report to her; "Acme's employees" work for it.
  report: ["report"], subordinate: ["report"], employee: ["work"], worker: ["work"],
};

/**
 * Nouns for what a verb is done to, by noun: a dependency is what its
 * owner depends on, a prerequisite what it requires. "a dependency of
 * debug" is what debug depends on, never what depends on debug, as "the
 * owner of X" is what owns X (see AGENT_NOUNS).
 */
const PATIENT_NOUNS: Record<string, readonly string[]> = {
  dependency: ["depend", "rely", "require", "need", "use", "import"], requirement: ["require", "need"], prerequisite: ["require", "need"],
  prey: ["eat", "hunt", "prey"], acquisition: ["acquire", "buy", "purchase"], purchase: ["buy", "purchase"], target: ["target", "attack"],
};

/** The verbs a noun names the object of ("dependencies" -> depend, require); none for any other word. */
export function patientVerbs(noun: string): readonly string[] {
  const one = noun.replace(/ies$/, "y").replace(/s$/, "");
  return PATIENT_NOUNS[noun] ?? PATIENT_NOUNS[one] ?? [];
}

/**
 * Verbs said the other way round with "in" after them: a film stars an
 * actor, who stars in it; a show features a band, which features in it.
 */
export const TURNED_BY_IN: ReadonlySet<string> = new Set(["star", "feature"]);

/**
 * Verbs that say one relation from its two ends: Carol reports to Bob when
 * Bob manages Carol; Ana works for Acme when Acme employs her; a service
 * runs on a node that hosts it. The relation lexicon puts each pair in one
 * concept, so a word finds the predicate either way; these tell that the
 * word reads the predicate backwards.
 */
export const CONVERSE_VERBS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [["report", "answer"], ["manage", "supervise", "lead", "head", "oversee", "command"]],
  [["work"], ["employ", "hire"]],
  [["run", "deploy"], ["host"]],
];

/**
 * Transitive verbs whose participle before "in" or "at" names a passive
 * predicate: `chip used_in drone` is said "the drone uses a chip", so the
 * active verb reads it backwards. Only these: many such predicates are an
 * intransitive verb's past (`starred_in`, `lived_in`, `resulted_in`),
 * which the active verb says the same way round.
 */
export const PARTICIPLE_IN_VERBS: readonly string[] = [
  "use", "include", "contain", "feature", "mention", "cite", "list", "involve", "speak", "sell", "serve", "stock",
  "store", "keep", "hold", "house", "host", "show", "display", "exhibit", "grow", "produce", "make", "manufacture", "employ", "teach",
];

/**
 * Nouns for the two ends of one relation: Arthur is Beth's parent when
 * Beth is Arthur's child. The lexicon puts each pair in one concept, so
 * "the children of Arthur" finds `parent_of`; these tell that it reads
 * the predicate backwards. Gendered nouns (mother, son) are left out: the
 * relation alone never says them.
 */
export const CONVERSE_NOUNS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [["parent", "parents"], ["child", "children", "offspring"]],
  [["predecessor", "predecessors", "prequel"], ["successor", "successors", "sequel", "sequels"]],
];

/** The verbs a noun names the doer of ("owners" -> own, maintain, run); none for any other word. */
export function agentVerbs(noun: string): readonly string[] {
  const one = noun.replace(/s$/, "");
  return AGENT_NOUNS[noun] ?? AGENT_NOUNS[one] ?? doerVerb(one);
}

/** "follower" -> follow, "subscriber" -> subscribe, "visitor" -> visit: a noun for whoever does a verb, by its ending. */
function doerVerb(noun: string): readonly string[] {
  const m = /^(.{3,})(?:er|or)$/.exec(noun);
  return m ? [m[1]!, `${m[1]!}e`] : [];
}

/**
 * Units a question may ask a number in ("in kilometres", "how many
 * metres"), by the tokens a predicate's name ends with when its numbers
 * are in that unit (`radius_km`, `area_km2`, `distance_light_years`).
 * General English, not tied to any one graph.
 */
export const UNITS: Readonly<Record<string, readonly string[]>> = {
  km: ["kilometres", "kilometers", "kilometre", "kilometer", "km", "kms"],
  km2: ["square kilometres", "square kilometers", "square kilometre", "square kilometer", "square km", "sq km", "km2"],
  m: ["metres", "meters", "metre", "meter"],
  cm: ["centimetres", "centimeters", "centimetre", "centimeter", "cm"],
  mm: ["millimetres", "millimeters", "millimetre", "millimeter", "mm"],
  mi: ["miles", "mile", "mi"],
  ft: ["feet", "foot", "ft"],
  kg: ["kilograms", "kilogram", "kilos", "kg"],
  g: ["grams", "gram"],
  years: ["years", "year", "yrs"],
  days: ["days", "day"],
  hours: ["hours", "hour", "hrs"],
  minutes: ["minutes", "minute", "mins"],
  seconds: ["seconds", "second", "secs"],
  "light years": ["light years", "light year", "lightyears", "ly"],
  au: ["astronomical units", "astronomical unit", "au"],
  c: ["degrees celsius", "celsius", "centigrade"],
  f: ["degrees fahrenheit", "fahrenheit"],
  k: ["kelvin", "kelvins"],
  percent: ["percent", "per cent"],
  eur: ["euros", "euro", "eur"],
  usd: ["us dollars", "dollars", "dollar", "usd"],
};

/**
 * Words that scale a unit in a predicate's name (`age_billion_years` is not
 * in years), by the factor they scale it by (`population_millions` holds millions).
 */
export const UNIT_SCALES: ReadonlyMap<string, number> = new Map([
  ["hundred", 1e2], ["hundreds", 1e2], ["thousand", 1e3], ["thousands", 1e3], ["million", 1e6], ["millions", 1e6],
  ["billion", 1e9], ["billions", 1e9], ["trillion", 1e12],
]);

/**
 * Auxiliaries that open a part joined by "and" which goes on about the
 * same answers ("... and are owned by team red"); dropped there, so the
 * part is not read as a yes/no question. Not "has"/"have": those name a
 * relation ("and have rings").
 */
export const AUXILIARIES: ReadonlySet<string> = new Set(["is", "are", "was", "were", "does", "do", "did"]);

/** Words that open a yes/no question when they start the text. */
export const POLAR_OPENERS: ReadonlySet<string> = new Set("is are was were does do did can could has have had will would should".split(" "));

/** "a", "an": a noun after one is any of its kind ("Is there a moon ...", "Is Europa a moon of ..."). */
export const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(["a", "an"]);

/** The articles: a description starts with one ("a moon of Jupiter", "the capital of France"). */
export const ARTICLES: ReadonlySet<string> = new Set([...INDEFINITE_ARTICLES, "the"]);

/** Words before a noun that say how many, not which ("any moons ...?", "some lines"). */
export const QUANTIFIERS: ReadonlySet<string> = new Set(["any", "some"]);

/** Words before a noun that take every one of its kind ("list all moons"). */
export const UNIVERSALS: ReadonlySet<string> = new Set(["all", "every", "each"]);

/** The verb "to be" as a question uses it ("Is Europa a moon of Jupiter?", "What is the film by ..."). */
export const COPULAS: ReadonlySet<string> = new Set(["is", "are", "was", "were"]);

/** Words after which a noun names what the answers are ("which animals", "the moons that"). */
export const HEAD_OPENERS: ReadonlySet<string> = new Set("which what whose list name find out me".split(" "));

/** Relation-words that some fillers carry after all ("have feathers", "has rings"). */
export const RELATION_FILLERS: ReadonlySet<string> = new Set(["where", "has", "have", "had", "belong", "kind", "type", "like", "look", "found", "made", "run", "works"]);

/** Words that ask for a fact without naming one ("Does Central Station have 12 platforms?", "which moons have ...", "worth 20 credits"). */
export const LIGHT_WORDS: ReadonlySet<string> = new Set(["has", "have", "had", "with", "worth"]);

/**
 * The measure of "oldest", "newest", "earliest": age. A thing is older the
 * higher its age (`age`, `age_years`) or the earlier it began (a year of
 * one of BEGINNINGS: `founded_in`, `birth_year`), so "highest" age is the
 * lowest such year.
 */
export const AGE_MEASURE = "age";

/** Words of predicates whose numbers are the year something began: the earlier, the older. */
export const BEGINNINGS: ReadonlySet<string> = new Set(
  "born birth founded founding formed established opened built constructed created made started launched released introduced incorporated inaugurated written published completed".split(" "),
);

/** Verbs of making a thing: it was made once, so "when" it was made is the one year it began. */
export const MAKING_VERBS: ReadonlySet<string> = new Set(
  "painted drawn sculpted carved written composed built constructed erected made created completed finished designed recorded filmed produced".split(" "),
);

/** Nouns of a beginning whose stems do not meet their verbs' ("publication", stemmed "public"). */
export const BEGINNING_NOUNS: ReadonlySet<string> = new Set("foundation formation creation construction publication inception".split(" "));

/** Kinds of place: a thing of one is somewhere things are ("In which city ..." asks where). */
export const PLACE_WORDS: ReadonlySet<string> = new Set(["place", "location", "city", "town", "village", "country", "region", "state", "province", "continent", "office", "building", "site", "area", "district", "island"]);

/** Kinds a number is of by itself ("what year", "the same year as"): no fact needs to say 1969 is a year. */
export const NUMERIC_KINDS: ReadonlySet<string> = new Set(["year", "years", "number", "count", "amount", "date", "age", "percent", "percentage", "value", "figure"]);
