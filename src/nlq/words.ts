import { lookupTable } from './lookup.js';
/**
 * General English word lists of the interpreter: grammar keywords, function words, and a small
 * generic business vocabulary used only to tell business questions the model cannot answer
 * (out_of_scope) from questions outside any data domain (out_of_domain). Nothing here names a
 * metric, dimension or value of a particular model.
 */

/** Multi-word keywords, matched on lower-case tokens, longest first. */
export type Keyword =
  | 'group' // by, per, for each, across, broken down by
  | 'each' // each, every (a group marker that also works after "in"/"for")
  | 'desc' // top, best, highest, most
  | 'asc' // bottom, worst, lowest, least
  | 'count' // how many, number of, count of
  | 'which' // which, what (as a determiner)
  | 'share' // share, percentage, portion, contribution
  | 'running' // cumulative, running total (a sum up to each period)
  | 'neg' // excluding, except, other than, not, without
  | 'cmp_gt'
  | 'cmp_gte'
  | 'cmp_lt'
  | 'cmp_lte'
  | 'cmp_eq'
  | 'trend' // trend, over time
  | 'compare' // compare, vs, versus
  | 'list' // list, show, display
  | 'sort' // sorted by, ranked by
  | 'asc_word' // ascending
  | 'desc_word' // descending
  | 'alltime' // all time, overall, in total (clears a period in a follow-up)
  | 'money' // sell, earn, make, spend (a sales question with no metric named)
  | 'times'; // how often, how many times (rows counted by a verb of `frequency-verbs.ts`)

/** "from highest to lowest", "highest to lowest", "from the highest to the lowest": one direction word each. */
function orderRuns(kw: Keyword, pairs: [string, string][]): [string, Keyword][] {
  return pairs.flatMap(([a, b]) =>
    [`from ${a} to ${b}`, `${a} to ${b}`, `from the ${a} to the ${b}`].map((p): [string, Keyword] => [p, kw]),
  );
}

/** "newest first", "the highest first", "with the lowest first": the end an order starts from. */
function firstRuns(kw: Keyword, ends: string[]): [string, Keyword][] {
  return ends.flatMap((e) =>
    [`${e} first`, `the ${e} first`, `${e} ones first`, `the ${e} ones first`].map((p): [string, Keyword] => [p, kw]),
  );
}

export const KEYWORDS: [string, Keyword][] = [
  ['by', 'group'],
  ['per', 'group'],
  ['across', 'group'],
  ['for each', 'group'],
  ['for every', 'group'],
  ['in each', 'group'],
  ['in every', 'group'],
  ['broken down by', 'group'],
  ['break down by', 'group'],
  ['breakdown by', 'group'],
  ['break it down by', 'group'],
  ['break that down by', 'group'],
  ['broken out by', 'group'],
  ['in terms of', 'group'],
  ['split by', 'group'],
  ['split it by', 'group'],
  ['grouped by', 'group'],
  ['group by', 'group'],
  ['segmented by', 'group'],
  ['drill down by', 'group'],
  ['drill down into', 'group'],
  ['drill into', 'group'],
  ['by each', 'group'],
  ['for all', 'group'],
  ['of each', 'group'],
  ['among', 'group'],
  // "how does X vary across (the) different Y": X broken down by Y
  ...['vary', 'varies', 'differ', 'differs', ''].flatMap((verb) =>
    ['across', 'among', 'by'].flatMap((prep) =>
      ['different', 'the different', 'various', 'the various', ...(verb ? [''] : [])].map((kind): [string, Keyword] => [
        [verb, prep, kind].filter(Boolean).join(' '),
        'group',
      ]),
    ),
  ),
  ['each', 'each'],
  ['every', 'each'],
  ['top', 'desc'],
  ['best', 'desc'],
  ['biggest', 'desc'],
  ['largest', 'desc'],
  ['highest', 'desc'],
  ['greatest', 'desc'],
  ['most', 'desc'],
  ['leading', 'desc'],
  ['strongest', 'desc'],
  ['maximum', 'desc'],
  ['max', 'desc'],
  ['best selling', 'desc'],
  ['best-selling', 'desc'],
  ['top selling', 'desc'],
  ['top-selling', 'desc'],
  ['highest grossing', 'desc'],
  ['the most', 'desc'],
  ['most common', 'desc'],
  ['most frequent', 'desc'],
  ['least common', 'asc'],
  ['least frequent', 'asc'],
  // "the busiest month": the period with the most rows (read only before a period: `analyse.ts`)
  ['busiest', 'desc'],
  ['the busiest', 'desc'],
  ['quietest', 'asc'],
  ['the quietest', 'asc'],
  ['the most common', 'desc'],
  ['the most frequent', 'desc'],
  ['the least common', 'asc'],
  ['the least frequent', 'asc'],
  // how often a thing is used is how many rows name it ("the most used ship mode", "used the most")
  ['most used', 'desc'],
  ['most often used', 'desc'],
  ['most frequently used', 'desc'],
  ['most commonly used', 'desc'],
  ['used the most', 'desc'],
  ['used most', 'desc'],
  ['used most often', 'desc'],
  ['least used', 'asc'],
  ['least often used', 'asc'],
  ['least frequently used', 'asc'],
  ['least commonly used', 'asc'],
  // "visited most often", "appears the most times", "the most popular genre": how often a value is on the rows
  // (an adverb is read only beside a verb that keeps their count: `frequency-verbs.ts`)
  ...(['desc', 'asc'] as const).flatMap((kw) =>
    [
      ...['often', 'frequently', 'commonly', 'popular'].flatMap((w) => [
        `${kw === 'desc' ? 'most' : 'least'} ${w}`,
        `the ${kw === 'desc' ? 'most' : 'least'} ${w}`,
      ]),
      ...(kw === 'desc' ? ['the most times', 'most times'] : ['the fewest times', 'fewest times', 'the least times']),
    ].map((p): [string, Keyword] => [p, kw]),
  ),
  ['used the least', 'asc'],
  ['used least', 'asc'],
  ['the most used', 'desc'],
  ['the least used', 'asc'],
  ['the most often used', 'desc'],
  ['the most frequently used', 'desc'],
  ['the most commonly used', 'desc'],
  ['the least often used', 'asc'],
  ['the least frequently used', 'asc'],
  ['the least commonly used', 'asc'],
  ['bottom', 'asc'],
  ['worst', 'asc'],
  ['smallest', 'asc'],
  ['lowest', 'asc'],
  ['least', 'asc'],
  ['fewest', 'asc'],
  ['weakest', 'asc'],
  ['minimum', 'asc'],
  ['min', 'asc'],
  ['the least', 'asc'],
  ['how many', 'count'],
  ['how often', 'times'],
  ['how many times', 'times'],
  ['number of times', 'times'],
  ['the number of times', 'times'],
  ['number of', 'count'],
  ['count of', 'count'],
  ['total number of', 'count'],
  ['the number of', 'count'],
  ['# of', 'count'],
  ['count', 'count'],
  // "count the number of gigs": the verb and the noun say one count
  ['count the number of', 'count'],
  ['count the total number of', 'count'],
  ['no. of', 'count'],
  ['which', 'which'],
  ['what', 'which'],
  ['name the', 'which'],
  ['share', 'share'],
  ['cumulative', 'running'],
  ['cumulated', 'running'],
  ['accumulated', 'running'],
  ['running total of', 'running'],
  ['running total', 'running'],
  ['running sum of', 'running'],
  ['running sum', 'running'],
  ['percentage', 'share'],
  ['percent', 'share'],
  ['proportion', 'share'],
  ['portion', 'share'],
  ['fraction', 'share'],
  ['contribution', 'share'],
  ['contribute', 'share'],
  ['contributes', 'share'],
  ['contributed', 'share'],
  ['% of', 'share'],
  ['%', 'share'],
  ['pct of', 'share'],
  ['mix', 'share'],
  ['excluding', 'neg'],
  ['exclude', 'neg'],
  ['excludes', 'neg'],
  ['except', 'neg'],
  ['except for', 'neg'],
  ['other than', 'neg'],
  ['not', 'neg'],
  ['without', 'neg'],
  ['excl', 'neg'],
  ['apart from', 'neg'],
  ['aside from', 'neg'],
  ['outside', 'neg'],
  ['outside of', 'neg'],
  ['besides', 'neg'],
  ['non', 'neg'],
  ['but not', 'neg'],
  ['leave out', 'neg'],
  ['leaving out', 'neg'],
  ['remove', 'neg'],
  ['ignore', 'neg'],
  ['ignoring', 'neg'],
  ["isn't", 'neg'],
  ["aren't", 'neg'],
  ["wasn't", 'neg'],
  ["weren't", 'neg'],
  ["don't", 'neg'],
  ["didn't", 'neg'],
  ['more than', 'cmp_gt'],
  ['greater than', 'cmp_gt'],
  ['over', 'cmp_gt'],
  ['above', 'cmp_gt'],
  ['exceeding', 'cmp_gt'],
  ['exceeds', 'cmp_gt'],
  ['exceeded', 'cmp_gt'],
  ['exceed', 'cmp_gt'],
  ['higher than', 'cmp_gt'],
  ['larger than', 'cmp_gt'],
  ['bigger than', 'cmp_gt'],
  ['>', 'cmp_gt'],
  ['in excess of', 'cmp_gt'],
  ['upwards of', 'cmp_gt'],
  ['at least', 'cmp_gte'],
  ['no less than', 'cmp_gte'],
  ['>=', 'cmp_gte'],
  ['or more', 'cmp_gte'],
  ['or greater', 'cmp_gte'],
  ['or higher', 'cmp_gte'],
  ['or above', 'cmp_gte'],
  ['less than', 'cmp_lt'],
  ['fewer than', 'cmp_lt'],
  ['under', 'cmp_lt'],
  ['below', 'cmp_lt'],
  ['lower than', 'cmp_lt'],
  ['smaller than', 'cmp_lt'],
  ['<', 'cmp_lt'],
  ['at most', 'cmp_lte'],
  ['no more than', 'cmp_lte'],
  ['<=', 'cmp_lte'],
  ['or less', 'cmp_lte'],
  ['or fewer', 'cmp_lte'],
  ['or lower', 'cmp_lte'],
  ['or below', 'cmp_lte'],
  ['up to', 'cmp_lte'],
  ['equal to', 'cmp_eq'],
  ['exactly', 'cmp_eq'],
  ['=', 'cmp_eq'],
  ['equals', 'cmp_eq'],
  ['trend', 'trend'],
  ['trends', 'trend'],
  ['trending', 'trend'],
  ['over time', 'trend'],
  ['time series', 'trend'],
  ['evolution', 'trend'],
  ['evolve', 'trend'],
  ['evolved', 'trend'],
  ['history', 'trend'],
  ['historical', 'trend'],
  ['progression', 'trend'],
  ['developed', 'trend'],
  ['over the years', 'trend'],
  ['through time', 'trend'],
  ['compare', 'compare'],
  ['compared', 'compare'],
  ['comparing', 'compare'],
  ['comparison', 'compare'],
  ['vs', 'compare'],
  ['versus', 'compare'],
  ['against', 'compare'],
  ['compared to', 'compare'],
  ['compared with', 'compare'],
  ['list', 'list'],
  ['show', 'list'],
  ['display', 'list'],
  ['give', 'list'],
  ['get', 'list'],
  ['find', 'list'],
  // a request for things, said of oneself ("I need a parcel from Leeds", "we are looking for matches")
  ['i need', 'list'],
  ['i want', 'list'],
  ['i would like', 'list'],
  ['i like', 'list'],
  ['looking for', 'list'],
  // (a request, never the model's "returns")
  ['return me', 'list'],
  ['return us', 'list'],
  ['sorted by', 'sort'],
  ['ranked by', 'sort'],
  ['ordered by', 'sort'],
  ['rank', 'sort'],
  ['ranking', 'sort'],
  ['sort', 'sort'],
  ['sort by', 'sort'],
  ['rank by', 'sort'],
  ['order by', 'sort'],
  ['in order of', 'sort'],
  ['arranged by', 'sort'],
  ['ascending', 'asc_word'],
  ['ascending order', 'asc_word'],
  ['descending', 'desc_word'],
  ['descending order', 'desc_word'],
  // "from highest to lowest": the direction of an order the question makes, never a ranking of its own
  ...orderRuns('desc_word', [
    ['highest', 'lowest'],
    ['largest', 'smallest'],
    ['biggest', 'smallest'],
    ['most', 'least'],
    ['best', 'worst'],
    ['high', 'low'],
    ['longest', 'shortest'],
    ['greatest', 'least'],
    ['newest', 'oldest'],
    ['latest', 'earliest'],
  ]),
  ...orderRuns('asc_word', [
    ['lowest', 'highest'],
    ['smallest', 'largest'],
    ['smallest', 'biggest'],
    ['least', 'most'],
    ['worst', 'best'],
    ['low', 'high'],
    ['shortest', 'longest'],
    ['oldest', 'newest'],
    ['earliest', 'latest'],
  ]),
  ['in ascending order', 'asc_word'],
  ['in descending order', 'desc_word'],
  ['in increasing order', 'asc_word'],
  ['in decreasing order', 'desc_word'],
  ['increasing order', 'asc_word'],
  ['decreasing order', 'desc_word'],
  // "newest first", "lowest first": which end the order starts from
  // ("invoices per country, most first": of a count, the most / fewest)
  ...firstRuns('desc_word', [
    'highest',
    'largest',
    'biggest',
    'greatest',
    'best',
    'longest',
    'newest',
    'latest',
    'most recent',
    'recent',
    'most',
  ]),
  ...firstRuns('asc_word', ['lowest', 'smallest', 'least', 'fewest', 'worst', 'shortest', 'oldest', 'earliest']),
  // "in alphabetical order": A to Z
  ['alphabetically', 'asc_word'],
  ['alphabetical order', 'asc_word'],
  ['in alphabetical order', 'asc_word'],
  ['a to z', 'asc_word'],
  ['from a to z', 'asc_word'],
  ['z to a', 'desc_word'],
  ['from z to a', 'desc_word'],
  // "top 2 states ..., starting from the top": the ranking's own direction, said again
  ['starting from the top', 'desc_word'],
  ['starting with the top', 'desc_word'],
  ['from the top down', 'desc_word'],
  ['all time', 'alltime'],
  ['all-time', 'alltime'],
  ['for all time', 'alltime'],
  ['across all time', 'alltime'],
  ['of all time', 'alltime'],
  ['for all years', 'alltime'],
  ['across all years', 'alltime'],
  ['all years', 'alltime'],
  ['all dates', 'alltime'],
  ['all periods', 'alltime'],
  ['any time', 'alltime'],
  ['the whole period', 'alltime'],
  ['the entire period', 'alltime'],
  ['all the data', 'alltime'],
  ['overall', 'alltime'],
  ['sell', 'money'],
  ['sold', 'money'],
  ['sells', 'money'],
  ['selling', 'money'],
  ['earn', 'money'],
  ['earned', 'money'],
  ['earning', 'money'],
  ['earnings', 'money'],
  ['make', 'money'],
  ['made', 'money'],
  ['spend', 'money'],
  ['spent', 'money'],
  ['spending', 'money'],
  ['bring in', 'money'],
  ['brought in', 'money'],
  ['generate', 'money'],
  ['generated', 'money'],
  ['generating', 'money'],
  ['gross', 'money'],
  ['grossed', 'money'],
  ['buy', 'money'],
  ['bought', 'money'],
  ['purchased', 'money'],
  ['pay', 'money'],
  ['paid', 'money'],
  ['worth', 'money'],
  ['how much', 'money'],
];

/** Time grains by word. */
export const GRAIN_WORDS: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = lookupTable({
  daily: 'day',
  day: 'day',
  days: 'day',
  date: 'day',
  dates: 'day',
  weekly: 'week',
  week: 'week',
  weeks: 'week',
  monthly: 'month',
  month: 'month',
  months: 'month',
  quarterly: 'quarter',
  quarter: 'quarter',
  quarters: 'quarter',
  yearly: 'year',
  year: 'year',
  years: 'year',
  annual: 'year',
  annually: 'year',
  yoy: 'year',
  'year-over-year': 'year',
  'month-over-month': 'month',
  'year-on-year': 'year',
  'quarter-over-quarter': 'quarter',
  'week-over-week': 'week',
});
/** Grain words that group on their own ("monthly revenue"), without "by". */
export const GRAIN_ADVERBS = new Set([
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'yearly',
  'annual',
  'annually',
  'yoy',
  'year-over-year',
  'month-over-month',
  'year-on-year',
  'quarter-over-quarter',
  'week-over-week',
]);

/** Function words and fillers: never "unrecognised content". */
export const STOPWORDS = new Set(
  `a an the of in on at for to from with by and or but nor per as into onto than then so
  is are was were be been being am do does did doing done have has had having will would shall
  should can could may might must let lets let's please kindly thanks thank
  i me my mine we us our ours you your yours he him his she her it its they them their theirs
  this that these those there here where when while what which who whom whose why how
  all any both each either every few many more most much no none some such only own same
  other others another just also too very really quite rather about above after again
  against below before between during up down out off over under once further
  show tell give list display get find see know want need like look looking
  calculate compute report pull fetch return provide find figure figures number numbers
  total totals overall amount amounts value values sum data info information details result results
  breakdown break broken split group grouped grouping sort sorted order ordered rank ranked
  ranking top bottom best worst highest lowest largest smallest biggest greatest least fewest
  now currently current instead same again also too as well what's whats it's its
  ok okay yes hey hi hello please can you could would tell me
  time times period periods range date dates ever far
  across among within via through throughout along versus vs compare compared comparison
  going go goes went come comes came bring brought take took make made
  happen happened happening stand stands look looks looked doing
  exist exists existing existed currently still even
  one ones thing things stuff kind kinds type lot lots bit
  how's where's who's that's there's here's let's
  exactly approximately roughly around about nearly almost over under
  versus plus minus
  vs ie eg etc`
    .split(/\s+/)
    .filter(Boolean),
);

/** Generic business nouns: an unmatched one means the model lacks a business concept. */
export const BUSINESS_CONCEPTS = new Set(
  `employee employees staff staffing headcount workforce worker workers personnel hire hires hiring
  salary salaries wage wages payroll bonus bonuses compensation attrition
  marketing advertising advert adverts ad ads campaign campaigns promotion promotions promo
  budget budgets expense expenses expenditure expenditures overhead overheads rent capex opex
  cost costs spend spending
  office offices branch branches store stores shop shops outlet outlets warehouse warehouses
  inventory inventories stock stockout stockouts
  website web site traffic visit visits visitor visitors pageview pageviews click clicks
  impression impressions conversion conversions signup signups subscriber subscribers
  subscription subscriptions user users app apps download downloads session sessions
  email emails call calls ticket tickets complaint complaints satisfaction nps rating ratings
  review reviews survey surveys churn retention lead leads pipeline opportunity opportunities
  deal deals quota quotas forecast forecasts projection projections target targets goal goals kpi
  tax taxes vat price prices pricing invoice invoices payment payments refund refunds credit
  debt loan loans cash cashflow ebitda asset assets liability liabilities equity dividend dividends
  valuation investor investors funding shareholder shareholders stock-price
  department departments team teams manager managers rep reps representative representatives
  salesperson salespeople agent agents channel channels competitor competitors
  category categories sku skus warranty warranties freight carrier carriers fleet
  city cities state states province provinces zip zipcode postcode address addresses location locations
  age gender demographic demographics loyalty coupon coupons membership
  productivity efficiency utilization capacity backlog
  contract contracts procurement invoice billing`
    .split(/\s+/)
    .filter(Boolean),
);

/** Creative or general-knowledge tasks: never a data question, whatever else they name. */
export const NON_DATA_TASKS = new Set(
  `recommend recommendation recommendations poem poems haiku haikus limerick sonnet song songs lyric lyrics story stories essay essays joke
  jokes riddle riddles recipe recipes translate translation translating horoscope weather
  forecast-weather novel fairy rap`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that open a follow-up fragment. */
export const FOLLOW_UP_CUES = [
  'what about',
  'how about',
  'what if',
  'and',
  'same',
  'same for',
  'same but',
  'instead',
  'only',
  'just',
  'now',
  'also',
  'then',
  'ok',
  'okay',
  'but',
  'break it down',
  'break that down',
  'drill down',
  'drill into',
  'split it',
  'add',
  'exclude',
  'excluding',
  'remove',
  'without',
  'show it',
  'show that',
  'show me that',
  'do the same',
  'repeat',
  'redo',
  'again',
  'too',
  'as well',
  'limit to',
  'restrict to',
  'filter to',
  'focus on',
  'zoom in',
  'for',
  'in',
];

/** Follow-up cues that replace (rather than add to) what the previous question had. */
export const REPLACE_CUES = new Set([
  'what about',
  'how about',
  'what if',
  'instead',
  'now',
  'and',
  'same for',
  'same but',
  'then',
  'rather',
]);
/** Follow-up cues that add a metric to the previous ones. */
export const ADD_CUES = new Set(['also', 'add', 'as well', 'too', 'plus', 'along with', 'together with', 'in addition']);

/** Analyses the query language cannot express: a question that needs one is refused, not approximated. */
export const UNSUPPORTED_ANALYSES = new Set(
  `median medians percentile percentiles quartile quartiles deviation stddev variance correlation correlate
  correlated regression distribution histogram cagr forecast forecasts forecasting predict predicted prediction
  projection projections`
    .split(/\s+/)
    .filter(Boolean),
);
/** Change words: fine with a breakdown over time (the rows show the change), refused without one. */
export const CHANGE_WORDS = new Set(
  `growth grow grew grown growing increase increased increasing decrease decreased decreasing decline declined
  declining drop dropped change changed changes delta difference`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Generic verbs and pronouns that add no query content in a business question ("how did orders
 * develop", "vendors we work with", "customers who bought something", "suppliers located in").
 * Coverage does not require them to be consumed.
 */
export const GENERIC_WORDS = new Set(
  `develop developed developing work works worked working locate located location-based based situated
  take takes taken took taking handle handles handled handling place places placed placing
  perform performs performed performing record recorded register registered book booked
  occur occurs occurred happen happened exist existed have has had having get gets got gotten getting
  file pls plz thx thanks asap quickly something anything everything nothing someone anyone everybody somebody stuff
  like look looking seem seems seemed appear appears appeared doing go going goes went come comes came
  do does did done be been being am is are was were will would should could can may might must
  currently actually basically roughly approximately overall altogether
  respective respectively corresponding relevant`
    .split(/\s+/)
    .filter(Boolean),
);

/** Verbs that order a change to data: a question opening with one (and an object) is a command, never a query. */
export const WRITE_VERBS = new Set(
  `delete drop insert update truncate alter create grant revoke erase wipe purge destroy modify rename overwrite
  reset clear upsert merge set`
    .split(/\s+/)
    .filter(Boolean),
);

/** Actions outside reading data ("email all suppliers", "send the report to"): never a question. */
export const ACTION_VERBS = new Set(
  `email mail send notify contact call phone text message remind schedule book cancel refund pay invoice order buy purchase ship`.split(
    /\s+/,
  ),
);

/**
 * Linking verbs ("authors who wrote papers", "restaurants serving thai food", "associated with"):
 * the words that may stand between the two things a verb links. Before the verb: relative pronouns
 * and auxiliaries; after it: particles and determiners. A verb is read as a link only by the join
 * graph (see constructions/linking-verb.ts); these lists carry no meaning of their own.
 */
export const LINK_BEFORE = new Set(
  `who that which whom whose is are was were be been being have has had do does did will would can could`.split(/\s+/),
);
/** Verbs of living in a place. */
export const LIVING = new Set(['live', 'lives', 'living', 'lived', 'reside', 'resides', 'residing', 'dwell']);
/** Verbs of being somewhere ("based in Oslo", "located at the port"), living included. */
export const RESIDING = new Set([...LIVING, 'based', 'located', 'situated', 'headquartered']);
/** Words that say the rows have every one of the values named: "both A and B", "A and B ... together". */
export const ALL_OF_BEFORE = new Set(['both']);
export const ALL_OF_AFTER = new Set(['together', 'jointly']);
export const LINK_AFTER = new Set(
  `in on at by with to from for of into onto through throughout via within across along under over among the a an any all their its his her`.split(
    /\s+/,
  ),
);
/** Auxiliaries that invert a question ("how many courses does each department offer", "how many books has each author written"). */
export const LINK_INVERTING = new Set(['do', 'does', 'did', 'has', 'have', 'had']);
/**
 * Verbs that assert a state or an outcome of a thing rather than link two things ("orders
 * cancelled by customers", "customers who returned parts"): never read as a link.
 */
export const STATE_VERBS = new Set(
  `cancel return refund reject fail decline deny lose miss delete remove close stop end expire terminate suspend
  block ban withdraw abandon dispute default complain churn leave quit skip drop finish complete approve accept
  pass win open start begin change increase decrease grow shrink rise fall exceed delay postpone void reverse
  dismiss fire hire resign retire die kill break damage lack owe`
    .split(/\s+/)
    .filter(Boolean),
);
/** Verbs of arithmetic between two figures ("revenue divided by cost", "price multiplied by quantity"): never a link between things. */
export const ARITHMETIC_VERBS = new Set(['divide', 'multiply', 'subtract']);
/** Nouns that name the rows of a table ("daily price records"): the rows of the thing named before them. */
export const ROW_NOUNS = new Set(['record', 'records', 'entry', 'entries', 'row', 'rows']);

/** Nouns of general English for people (a thing so named is one "who" can ask for). */
export const PEOPLE = new Set([
  'person',
  'people',
  'user',
  'customer',
  'client',
  'author',
  'writer',
  'employee',
  'staff',
  'worker',
  'student',
  'pupil',
  'teacher',
  'instructor',
  'professor',
  'lecturer',
  'tutor',
  'member',
  'patient',
  'doctor',
  'physician',
  'nurse',
  'player',
  'driver',
  'passenger',
  'guest',
  'manager',
  'owner',
  'reviewer',
  'buyer',
  'seller',
  'artist',
  'actor',
  'director',
  'salesperson',
  'candidate',
  'applicant',
  'volunteer',
  'athlete',
  'coach',
  'researcher',
  'editor',
  'contributor',
  'subscriber',
  'donor',
  'voter',
  'resident',
  'tenant',
  'traveller',
  'traveler',
  'visitor',
  'speaker',
  'singer',
  'performer',
  'musician',
  'composer',
  'advisor',
  'adviser',
  'supervisor',
  'participant',
  'attendee',
  'individual',
]);
