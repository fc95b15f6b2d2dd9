/**
 * Continues across a filled hole the edges that cross it: a pole behind a logo, the slats of a
 * fence. Both of smart fill's spatial fills (harmonic, and from the nearest pixel in four
 * directions) blur such an edge into a smear, since they cannot tell which pixels on the far
 * side belong to the one on the near side.
 *
 * Each masked pixel is looked at along ANGLES directions. In each, a line through it leaves the
 * hole at two known pixels (its ends); every pixel of the hole on that line shares them. A line
 * is trusted as far as both its ends lie on an edge that runs along it (the structure tensor of
 * the known pixels around each end) and show the same profile across it (slid a pixel or two
 * across, for an edge that leans between two directions), an edge that goes on outward from
 * each end (not a spot beside the hole), and less the longer it is. Trust is
 * pooled over the neighbouring parallel lines, so a lone chance match between two unrelated
 * edges counts for little. The pixel gets its base fill mixed with each line's linear
 * interpolation between its ends, each by its trust: where no line is trusted (a flat or busy
 * surround), the base fill is left as it was. A line is trusted less, too, as its ends have
 * changed since the last frame: an edge that has just come (a pole rushing past the camera) says
 * nothing of what the hole hides. An edge that comes to the hole where nothing on the far side
 * matches it (it meets another edge under the mark) is carried in from its own end alone, up to
 * where an edge drawn across the hole crosses it (see continueFromOneEnd).
 */
/** Directions over half a turn, 2.8 degrees apart: a leaning pole meets one closely enough. */
const ANGLES = 64;
/** Each direction's unit step. */
const DIRECTIONS = Array.from({ length: ANGLES }, (_, a) => ({
  dx: Math.cos((Math.PI * a) / ANGLES),
  dy: Math.sin((Math.PI * a) / ANGLES),
}));
/**
 * Whether a direction's lines step along the rows (see Family): their ends' profiles are read
 * down a column, the others' along a row.
 */
const HORIZONTAL = DIRECTIONS.map(({ dx, dy }) => Math.abs(dx) >= Math.abs(dy));
/** Pixels each side of a line's end whose values form its profile across the line. */
const PROFILE = 2;
const TAPS = 2 * PROFILE + 1;
/**
 * How far apart two ends' profiles may be, in levels (a Gaussian's sigma), for a line's trust;
 * and, twice as loose, for its own share of the trust pooled from the lines beside it.
 */
const PROFILE_SIGMA = 12;
const OWN_SIGMA = 2 * PROFILE_SIGMA;
/**
 * How far across the line (pixels) one end's profile may be slid against the other's, the
 * smallest slide first (of two that match as well, the smaller is kept). Lines run in ANGLES
 * directions only: an edge whose slope falls between two of them strays from the nearest by up
 * to 1.4 degrees, 3 pixels over a 120-pixel hole, and no line meets it on the same side at both
 * ends. Slid, the line takes its ends' values from where the edge's parallel through its middle
 * leaves the hole (half the slide at each end).
 *
 * Only a profile that shows an edge lets the other slide (see showsEdge), and only where both
 * ends held still since the last frame (their change under PROFILE_SIGMA squared): an edge that
 * has just come, slid to meet another, drew a traffic light rushing into the hole (a street,
 * seed unseen-3: 30.97 -> 30.80 dB, delogo 31.18; 30.97 with the rule).
 *
 * Opaque logos: a webcam's slanted board (seed unseen-3) 23.41 -> 24.24 dB, a dashcam (seed
 * unseen-10) 30.81 -> 30.92; every other case of three seeds within 0.03 dB. Sliding 3 pixels:
 * the board 24.98, but the bench seed's webcam 24.07 -> 23.81 (a chance match).
 */
const END_SLIDES = [0, 1, -1, 2, -2];
const UNSLID = [0];
const MOST_SLIDE = Math.max(...END_SLIDES);
/** Taps of a far end's profile read for sliding: the profile and MOST_SLIDE more each side. */
const SLID_TAPS = TAPS + 2 * MOST_SLIDE;
/** A line whose own agreement is under this is not followed; past UNTRUSTED, its mismatch. */
const LEAST_OWN = 1e-3;
const UNTRUSTED = -2 * OWN_SIGMA ** 2 * Math.log(LEAST_OWN);
/**
 * How far outward from each end along its line the edge there must go on, showing the same
 * profile across the line (within SLIDE pixels, for an edge that leans a little off the line):
 * a spot beside the hole (a button just under a line of text) matches a bar's profile at the
 * end but not beyond. A webcam's text: 24.5 dB without this, 26.4 with it (delogo 25.0); an
 * opaque logo over its room: 22.0 -> 24.1.
 */
const OUTWARD = 5;
const SLIDE = 1;
const OUTWARD_TAPS = TAPS + 2 * SLIDE;
/**
 * How much the change of a line's ends since the last frame counts against it, against the
 * mismatch of its two ends: the profile at each end is compared with the last frame's, slid by
 * up to SLIDE pixels across the line (a camera that moves a little keeps its edges). A street
 * shot whose traffic light rushes into an opaque logo's hole over its last four frames: its
 * edges were drawn across the sky (30.49 dB, delogo 31.46), and are not with this (31.04); the
 * bench seed's opaque logos and texts score as before, within 0.04 dB.
 */
const CHANGE_WEIGHT = 0.5;
/** A line's trust falls by e over this many pixels of length. */
const SPAN = 60;
/** Parallel lines each side whose trust is pooled with a line's own (a band 17 pixels across). */
const POOL = 8;
/** Radius of the box over which the gradients around an end are summed (the tensor). */
const TENSOR_RADIUS = 3;
/** Known pixels a hole needs around it for its lines' ends, profiles and tensors. */
export const EDGE_MARGIN = 2 + PROFILE + TENSOR_RADIUS;
/** The base fill's weight, against the lines' trust (squared gradient levels). */
const BASE_WEIGHT = 3;
/**
 * The largest hole whose edges are continued, in pixels (about 400 by 250): its lines keep 8
 * bytes per pixel and direction, 51 MB here. A larger one keeps its base fill.
 */
export const MAX_HOLE = 100_000;

/** The lines through a mask's pixels, computed once per mask. */
export type EdgeLines = {
  width: number;
  height: number;
  mask: Uint8Array;
  /** The masked pixels, in scan order. */
  pixels: Int32Array;
  /** Per line: its two ends (the first known pixels out of the hole) and the next pixel out. */
  ends: Int32Array;
  beyond: Int32Array;
  /**
   * Per line: its direction, its place among the parallel lines (pool index), and how its trust
   * falls with its length (see SPAN).
   */
  angle: Uint8Array;
  offset: Int32Array;
  fade: Float64Array;
  /** Per line, its length in pixels, from end to end. */
  length: Float32Array;
  /** Per line and end, the known pixels of its profile across the line (-1: none). */
  profile: Int32Array;
  /** Per line, its far end's profile with MOST_SLIDE more taps each side (see END_SLIDES). */
  slid: Int32Array;
  /** The same, OUTWARD pixels further out along the line from each end, SLIDE more each side. */
  outward: Int32Array;
  /** Per line, where its pixels start in `members` and `share` (its pixels are contiguous). */
  start: Int32Array;
  /** Per pixel of a line: its index in `pixels`, and the weight of the line's first end. */
  members: Int32Array;
  share: Float32Array;
  /** How many pool slots each direction has. */
  slots: number;
  /**
   * The lines' distinct end pixels, and per line and end its place among them: many lines end
   * at each, and what is read around an end (its tensor, its profile down a column or along a
   * row) is worked out once per frame for all of them.
   */
  rim: Int32Array;
  endAt: Int32Array;
  /** The gradient tables of endTensors, reused from frame to frame. */
  tables: Float64Array[];
  /** The lines' groups, which parallelMeans sums over (see LineGroups). */
  groups: LineGroups;
};

/**
 * One direction's family of parallel digital lines over the window. Along its main axis (the
 * one it moves along faster) a line steps one pixel at a time, and across it by the rounded
 * slope: line `c` holds the pixels (u, c + round(u * slope)) in (main, cross) coordinates, so
 * each pixel lies on exactly one line of each direction.
 */
type Family = {
  slope: number;
  horizontal: boolean;
  along: number;
  across: number;
  /** The lines that meet the window: low <= c < high. */
  low: number;
  high: number;
};

function family(a: number, width: number, height: number): Family {
  const { dx, dy } = DIRECTIONS[a] as (typeof DIRECTIONS)[number];
  const horizontal = HORIZONTAL[a] as boolean;
  const slope = horizontal ? dy / dx : dx / dy;
  const along = horizontal ? width : height;
  const across = horizontal ? height : width;
  const drift = Math.round((along - 1) * slope);
  return {
    slope,
    horizontal,
    along,
    across,
    low: -Math.max(0, drift),
    high: across - Math.min(0, drift),
  };
}

/** The lines' pixels and ends, gathered while walking them. */
type Gathered = {
  ends: number[];
  beyond: number[];
  angle: number[];
  offset: number[];
  length: number[];
  profile: number[];
  slid: number[];
  outward: number[];
  start: number[];
  /** Filled up to `used`: every pixel lies on at most one line of each direction. */
  members: Int32Array;
  share: Float32Array;
  used: number;
};

export function edgeLines(
  width: number,
  height: number,
  mask: Uint8Array,
  pixels: Int32Array,
): EdgeLines {
  const followed = pixels.length <= MAX_HOLE;
  const capacity = followed ? pixels.length * ANGLES : 0;
  const indexOf = new Int32Array(followed ? width * height : 0).fill(-1);
  if (followed) {
    pixels.forEach((i, k) => {
      indexOf[i] = k;
    });
  }
  const gathered: Gathered = {
    ends: [],
    beyond: [],
    angle: [],
    offset: [],
    length: [],
    profile: [],
    slid: [],
    outward: [],
    start: [0],
    members: new Int32Array(capacity),
    share: new Float32Array(capacity),
    used: 0,
  };
  let slots = 0;
  for (let a = 0; a < ANGLES && followed; a++) {
    const lines = family(a, width, height);
    slots = Math.max(slots, lines.high - lines.low);
    for (let c = lines.low; c < lines.high; c++) {
      walkLine(gathered, lines, a, c, { width, mask, indexOf });
    }
  }
  const ends = Int32Array.from(gathered.ends);
  const length = Float32Array.from(gathered.length);
  const angle = Uint8Array.from(gathered.angle);
  const offset = Int32Array.from(gathered.offset);
  const rim = Int32Array.from(new Set(ends)).sort();
  const place = new Map(Array.from(rim, (pixel, r) => [pixel, r]));
  return {
    width,
    height,
    mask,
    pixels,
    ends,
    beyond: Int32Array.from(gathered.beyond),
    angle,
    offset,
    fade: Float64Array.from(length, (pixels) => Math.exp(-pixels / SPAN)),
    length,
    profile: Int32Array.from(gathered.profile),
    slid: Int32Array.from(gathered.slid),
    outward: Int32Array.from(gathered.outward),
    start: Int32Array.from(gathered.start),
    members: gathered.members.slice(0, gathered.used),
    share: gathered.share.slice(0, gathered.used),
    slots,
    rim,
    endAt: Int32Array.from(ends, (pixel) => place.get(pixel) as number),
    tables: [0, 1, 2, 3].map(
      () => new Float64Array(ends.length > 0 ? (width + 1) * (height + 1) : 0),
    ),
    groups: lineGroups(angle, offset, slots),
  };
}

type Grid = { width: number; mask: Uint8Array; indexOf: Int32Array };

/**
 * Walks line `c` of a family across the window, and gathers each run of masked pixels that
 * known pixels close on both sides (a run that reaches the window's edge has no far end).
 */
function walkLine(gathered: Gathered, lines: Family, a: number, c: number, grid: Grid): void {
  const { width, mask, indexOf } = grid;
  /** The pixel at (u, cross) in the family's coordinates; -1 off the window. */
  const at = (u: number, cross: number) => {
    if (u < 0 || u >= lines.along || cross < 0 || cross >= lines.across) return -1;
    return lines.horizontal ? cross * width + u : u * width + cross;
  };
  const known = (pixel: number) => pixel >= 0 && !mask[pixel];
  const cross = (u: number) => c + Math.round(u * lines.slope);
  const { along, across, horizontal, slope } = lines;
  // The step along the line is the hot loop (every line of every direction): no call in it.
  /** The known pixel before the run of masked ones being walked; -2 while there is none. */
  let opened = -2;
  for (let u = 0; u < along; u++) {
    const w = c + Math.round(u * slope);
    if (w < 0 || w >= across) {
      opened = -2;
      continue;
    }
    const pixel = horizontal ? w * width + u : u * width + w;
    if (mask[pixel]) {
      if (opened === -2) opened = u - 1;
      continue;
    }
    if (opened === -2) continue;
    const near = at(opened, cross(opened));
    if (known(near)) {
      const far = at(u + 1, cross(u + 1));
      const before = at(opened - 1, cross(opened - 1));
      gathered.ends.push(near, pixel);
      gathered.beyond.push(known(before) ? before : -1, known(far) ? far : -1);
      gathered.angle.push(a);
      gathered.offset.push(c - lines.low);
      gathered.length.push(Math.hypot(u - opened, cross(u) - cross(opened)));
      // Both profiles are read across the line the same way, so they compare tap by tap.
      for (const [end, out] of [
        [opened, opened - OUTWARD],
        [u, u + OUTWARD],
      ] as const) {
        for (let j = -PROFILE; j <= PROFILE; j++) {
          const tap = at(end, cross(end) + j);
          gathered.profile.push(known(tap) ? tap : -1);
        }
        for (let j = -PROFILE - SLIDE; j <= PROFILE + SLIDE; j++) {
          const further = at(out, cross(out) + j);
          gathered.outward.push(known(further) ? further : -1);
        }
      }
      for (let j = -PROFILE - MOST_SLIDE; j <= PROFILE + MOST_SLIDE; j++) {
        const tap = at(u, cross(u) + j);
        gathered.slid.push(known(tap) ? tap : -1);
      }
      for (let v = opened + 1; v < u; v++) {
        gathered.members[gathered.used] = indexOf[at(v, cross(v))] as number;
        gathered.share[gathered.used++] = (u - v) / (u - opened);
      }
      gathered.start.push(gathered.used);
    }
    opened = -2;
  }
}

/**
 * `values` kept as the next frame's `previous` for fillAlongEdges: copied into `kept` when there
 * is one already, so a window is not allocated again each frame.
 */
export function keepForNext(kept: Float32Array | null, values: Float32Array): Float32Array {
  if (!kept) return values.slice();
  kept.set(values);
  return kept;
}

/**
 * The fill of each masked pixel (in the order of `pixels`): `base`, the pixel's fill from the
 * rest of the window, mixed with the lines through it by their trust. `values` holds the
 * window's pixels, the known ones already corrected; `previous`, the last frame's (none on a
 * first frame). Without lines (a hole over MAX_HOLE), `base` itself.
 */
export function fillAlongEdges(
  values: Float32Array,
  lines: EdgeLines,
  base: Float32Array,
  previous: Float32Array | null = null,
): Float32Array {
  const count = lines.angle.length;
  if (count === 0) return base;
  const edges = endEdges(lines, endTensors(values, lines));
  const change = previous ? endsChange(values, previous, lines) : null;
  /** How far a line's two ends changed since the last frame, summed. */
  const lineChange = (n: number) => (change ? change(2 * n) + change(2 * n + 1) : 0);
  // How far a line's ends disagree (see UNTRUSTED), and at which slide of their profiles (see
  // END_SLIDES); only read for the lines that count below.
  const mismatch = new Float32Array(count).fill(Number.NaN);
  const slides = new Int8Array(count);
  const mismatchOf = (n: number) => {
    if (!Number.isNaN(mismatch[n] as number)) return mismatch[n] as number;
    // A line slides only where its near end shows an edge and both ends held still since the
    // last frame (see END_SLIDES); their change is read only then, and for a trusted line.
    const slidable =
      showsEdge(values, lines.profile, 2 * n * TAPS) && lineChange(n) <= PROFILE_SIGMA ** 2;
    const across = profileMismatch(values, lines, n, slides, slidable);
    // A line whose ends already disagree gets no trust: what lies further out is not read.
    mismatch[n] = across > UNTRUSTED ? across : across + outwardMismatch(values, lines, n);
    if (change && (mismatch[n] as number) <= UNTRUSTED)
      mismatch[n] = (mismatch[n] as number) + CHANGE_WEIGHT * lineChange(n);
    return mismatch[n] as number;
  };
  // Per line, the trust it lends to the lines beside it: most lines have none of their own
  // (an end where the picture changes as much along the line as across it).
  const lent = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    const trust = lineTrust(lines, edges, n);
    if (trust === 0) continue;
    const agreement = Math.exp(-mismatchOf(n) / (2 * PROFILE_SIGMA ** 2));
    if (agreement > 1e-6) lent[n] = trust * agreement;
  }
  const pooled = parallelMeans(lines, lent, POOL);
  const mix = lineMix(base.length);
  const turns = { cos: new Float32Array(base.length), sin: new Float32Array(base.length) };
  for (let n = 0; n < count; n++) {
    const pool = pooled[n] as number;
    // The most the line can weigh, its own ends agreeing fully.
    const most = (pool * pool) / (pool + 1);
    if (most < 1e-3) continue;
    // Its own ends must agree too, if more loosely: trust pooled from a strong edge beside it
    // must not carry one bar into another that does not match it.
    const own = Math.exp(-mismatchOf(n) / (2 * OWN_SIGMA ** 2));
    if (own < LEAST_OWN) continue;
    const weight = most * own;
    if (weight < 1e-3) continue;
    const slide = slides[n] as number;
    const near = slide ? slidTap(lines, 2 * n, slide) : -1;
    const far = slide ? slidTap(lines, 2 * n + 1, slide) : -1;
    const slid = near >= 0 && far >= 0;
    const a = slid ? (values[near] as number) : endValue(values, lines, 2 * n);
    const b = slid ? (values[far] as number) : endValue(values, lines, 2 * n + 1);
    addLine(mix, lines, n, weight, a, b);
    addTurn(turns, lines, n, weight);
  }
  // The crossing lines' weights are the mix's so far, before the carried ends add theirs.
  const crossing = { weights: mix.weights.slice(), ...turns };
  continueFromOneEnd(values, lines, edges, { mix, crossing, change });
  return mixedFill(base, mix, BASE_WEIGHT);
}

/**
 * Each end of a line where a straight edge comes to the hole and runs on along the line (its
 * profile the same OUTWARD pixels further out, and held still since the last frame) carries its
 * own value into the hole, whatever the far end shows, by its trust (pooled over the parallel
 * lines, as above) and less the further from it: ONE_END_WEIGHT of a crossing line's weight at
 * the end, falling by e over ONE_END_SPAN pixels. A crossing line needs both its ends on the
 * edge, and where the edge meets another under the mark (a T-junction) nothing matches its far
 * end but the other edge: a webcam's opaque logo hides a pole whose left edge meets a monitor's
 * lower rim, and the pole's edge was joined to a gap in the rim 7 pixels aside, widening the
 * pole downwards (24.26 dB; 25.27 with this, delogo 19.44).
 *
 * An end tells the way its edge runs only roughly (its tensor over 7 by 7 pixels), and lines
 * 3 degrees apart both lie along it; one end alone fixes no direction, so the line must follow
 * the end's edge within about 1.4 degrees (the cosine of twice the angle between them, raised
 * to ALIGNMENT). Looser (200), the pole came out fanned (24.92 dB). Where both ends of a line
 * carry theirs, each keeps the half nearer to it (they split over ONE_END_SPLIT pixels): two
 * bars in line that do not match meet in the middle.
 *
 * A carried edge stops where it meets one that the crossing lines draw across it (their weight
 * across it over CROSSED): the monitor's lower rim, carried in from the box's left side, had
 * run on through the pole and across the wall beyond it as dark streaks (25.27 dB; 26.47 with
 * the stop; 26.25 to 26.32 stopping at 3 or 10, 25.94 at 15).
 */
const CROSSED = 6;
const ONE_END_WEIGHT = 0.3;
const ONE_END_SPAN = 20;
const ONE_END_SPLIT = 5;
const ALIGNMENT = 800;
/** An alignment under which a line lends no trust worth reading (0.99 ** 800: 3e-4). */
const LEAST_ALIGNMENT = 0.99;

/** Per pixel of a hole, the crossing lines' directions summed by their weights (see addTurn). */
type Turns = { cos: Float32Array; sin: Float32Array };
/** The same, with the lines' summed weights. */
type Crossing = Turns & { weights: Float32Array };

/** The cosine and sine of twice a direction's angle: lines half a turn apart add up. */
function doubledAngle(a: number): { cos: number; sin: number } {
  const { dx, dy } = DIRECTIONS[a] as (typeof DIRECTIONS)[number];
  return { cos: dx * dx - dy * dy, sin: 2 * dx * dy };
}

/** Adds line `n`'s direction (its doubled angle), by `weight`, to each pixel on it. */
function addTurn(turns: Turns, { angle, start, members }: EdgeLines, n: number, weight: number) {
  const { cos, sin } = doubledAngle(angle[n] as number);
  for (let m = start[n] as number; m < (start[n + 1] as number); m++) {
    const k = members[m] as number;
    turns.cos[k] = (turns.cos[k] as number) + weight * cos;
    turns.sin[k] = (turns.sin[k] as number) + weight * sin;
  }
}

/**
 * The weight of the crossing lines through pixel `k` across a line whose doubled angle has
 * cosine `cos` and sine `sin`: each weighs by the sine squared of the angle between them.
 */
function weightAcross(crossing: Crossing, k: number, cos: number, sin: number): number {
  const along = cos * (crossing.cos[k] as number) + sin * (crossing.sin[k] as number);
  return 0.5 * ((crossing.weights[k] as number) - along);
}

type OneEndInputs = {
  mix: LineMix;
  crossing: Crossing;
  change: ((end: number) => number) | null;
};

function continueFromOneEnd(
  values: Float32Array,
  lines: EdgeLines,
  edges: EndEdges,
  { mix, crossing, change }: OneEndInputs,
): void {
  const count = lines.angle.length;
  const [near, far] = [0, 1].map((side) => endWeights(values, lines, edges, change, side)) as [
    Float64Array,
    Float64Array,
  ];
  const { start, members, length } = lines;
  /** The first of the pixels `from`, `from + step`, ... before `to` that an edge crosses. */
  const firstCrossed = (n: number, from: number, to: number, step: number) => {
    const { cos, sin } = doubledAngle(lines.angle[n] as number);
    for (let m = from; m !== to; m += step) {
      if (weightAcross(crossing, members[m] as number, cos, sin) > CROSSED) return m;
    }
    return to;
  };
  for (let n = 0; n < count; n++) {
    const a = near[n] as number;
    const b = far[n] as number;
    if (a === 0 && b === 0) continue;
    const valueA = a > 0 ? endValue(values, lines, 2 * n) : 0;
    const valueB = b > 0 ? endValue(values, lines, 2 * n + 1) : 0;
    const span = length[n] as number;
    // The line's pixels run from its first end to its second: each end's edge is carried up to
    // the first pixel from it that an edge crosses.
    const first = start[n] as number;
    const last = (start[n + 1] as number) - 1;
    const stopA = a > 0 ? firstCrossed(n, first, last + 1, 1) : first;
    const stopB = b > 0 ? firstCrossed(n, last, first - 1, -1) : last;
    // Each end's weight falls by the same factor from one pixel of the line to the next.
    const step = span / (last - first + 2);
    const fall = Math.exp(-step / ONE_END_SPAN);
    const splitFall = Math.exp(-step / ONE_END_SPLIT);
    let carriedA = a * fall;
    let carriedB = b * Math.exp(-(span - step) / ONE_END_SPAN);
    let splitA = a * splitFall;
    let splitB = b * Math.exp(-(span - step) / ONE_END_SPLIT);
    for (let m = first; m <= last; m++) {
      const liveA = m < stopA;
      const liveB = m > stopB;
      if (liveA || liveB) {
        const k = members[m] as number;
        const weight = (liveA ? carriedA : 0) + (liveB ? carriedB : 0);
        let value = liveA ? valueA : valueB;
        if (liveA && liveB) {
          value = (splitA * valueA + splitB * valueB) / (splitA + splitB + 1e-30);
        }
        mix.weights[k] = (mix.weights[k] as number) + weight;
        mix.sums[k] = (mix.sums[k] as number) + weight * value;
      }
      carriedA *= fall;
      carriedB /= fall;
      splitA *= splitFall;
      splitB /= splitFall;
    }
  }
}

/** Per line, the weight with which its end on `side` (0 or 1) carries its value in (0: none). */
function endWeights(
  values: Float32Array,
  lines: EdgeLines,
  edges: EndEdges,
  change: ((end: number) => number) | null,
  side: number,
): Float64Array {
  const count = lines.angle.length;
  /** How far an end strays outward and changed since the last frame (NaN until read). */
  const mismatches = new Float64Array(count).fill(Number.NaN);
  const mismatchOf = (n: number) => {
    if (!Number.isNaN(mismatches[n] as number)) return mismatches[n] as number;
    let mismatch = endOutward(values, lines, 2 * n + side);
    if (change && Number.isFinite(mismatch)) mismatch += CHANGE_WEIGHT * change(2 * n + side);
    mismatches[n] = mismatch;
    return mismatch;
  };
  // Only the ends on an edge that runs along their line lend trust; the rest are not read.
  const lent = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    const strength = edges.strength[2 * n + side] as number;
    const alignment = edges.alignment[2 * n + side] as number;
    if (strength === 0 || alignment < LEAST_ALIGNMENT) continue;
    const trust = strength * alignment ** ALIGNMENT;
    if (!showsEdge(values, lines.profile, (2 * n + side) * TAPS)) continue;
    const mismatch = mismatchOf(n);
    if (Number.isFinite(mismatch)) lent[n] = trust * Math.exp(-mismatch / (2 * PROFILE_SIGMA ** 2));
  }
  const pooled = parallelMeans(lines, lent, POOL);
  for (let n = 0; n < count; n++) {
    const pool = pooled[n] as number;
    const most = ((pool * pool) / (pool + 1)) * ONE_END_WEIGHT;
    const mismatch = most < 1e-3 ? Number.POSITIVE_INFINITY : mismatchOf(n);
    const weight = most * Math.exp(-mismatch / (2 * OWN_SIGMA ** 2));
    pooled[n] = weight < 1e-3 ? 0 : weight;
  }
  return pooled;
}

/** Per pixel of a hole, the summed weights of the lines added through it, and of their values. */
export type LineMix = {
  weights: Float32Array;
  sums: Float32Array;
};

/**
 * An empty mix over `size` pixels. Every fill that adds lines starts from here, so addLine sees
 * one kind of array: handed two, it ran five times slower on either (a line mix of 830,000
 * pixels: 1.6 ms, 8.5 when Float64Arrays came too).
 */
export function lineMix(size: number): LineMix {
  return { weights: new Float32Array(size), sums: new Float32Array(size) };
}

/** Adds line `n`, its ends valued `a` and `b`, to each pixel on it by `weight`. */
export function addLine(
  { weights, sums }: LineMix,
  { start, members, share }: EdgeLines,
  n: number,
  weight: number,
  a: number,
  b: number,
): void {
  for (let m = start[n] as number; m < (start[n + 1] as number); m++) {
    const k = members[m] as number;
    const s = share[m] as number;
    weights[k] = (weights[k] as number) + weight;
    sums[k] = (sums[k] as number) + weight * (s * a + (1 - s) * b);
  }
}

/** `base` mixed with the lines added to `mix`, the base weighing `baseWeight` at each pixel. */
export function mixedFill(
  base: Float32Array,
  { weights, sums }: LineMix,
  baseWeight: number,
): Float32Array {
  // A loop: a map calls its function per pixel.
  const mixed = new Float32Array(base.length);
  for (let k = 0; k < base.length; k++) {
    const value = base[k] as number;
    mixed[k] = (baseWeight * value + (sums[k] as number)) / (baseWeight + (weights[k] as number));
  }
  return mixed;
}

/**
 * The pixel of a slid line's end whose value it takes (-1: not known): the tap of its profile
 * half the slide from its own, near end and far end each their way, where the edge's parallel
 * through the line's middle leaves the hole (see END_SLIDES). Both must be known to be used.
 */
function slidTap(lines: EdgeLines, end: number, slide: number): number {
  const half = Math.floor(slide / 2);
  const n = end >> 1;
  return end % 2 === 0
    ? (lines.profile[2 * n * TAPS + PROFILE - half] as number)
    : (lines.slid[n * SLID_TAPS + MOST_SLIDE + PROFILE + slide - half] as number);
}

/**
 * Per line, the mean of `perLine` over the lines parallel to it within `reach` places each
 * side, itself included: running sums along each direction's groups (see LineGroups), read
 * twice a line.
 */
export function parallelMeans(
  { angle, offset, slots, groups }: EdgeLines,
  perLine: Float64Array,
  reach: number,
): Float64Array {
  const { of, first, counts, last } = groups;
  const count = angle.length;
  const sums = new Float64Array(first.length);
  for (let n = 0; n < count; n++) {
    const g = of[n] as number;
    sums[g] = (sums[g] as number) + (perLine[n] as number);
  }
  for (let g = 1; g < sums.length; g++) {
    if (!first[g]) sums[g] = (sums[g] as number) + (sums[g - 1] as number);
  }
  const means = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    // The last groups of the line's direction at or before either side of its band.
    const row = (angle[n] as number) * slots;
    const at = offset[n] as number;
    const hi = last[row + Math.min(at + reach, slots - 1)] as number;
    const lo = at - reach - 1 < 0 ? -1 : (last[row + at - reach - 1] as number);
    const sum = (sums[hi] as number) - (lo < 0 ? 0 : (sums[lo] as number));
    means[n] = sum / ((counts[hi] as number) - (lo < 0 ? 0 : (counts[lo] as number)));
  }
  return means;
}

/**
 * The lines at one direction and place, a group: lines come by direction, then by place, so a
 * group's come together. Per line, its group (`of`); per group, whether it is its direction's
 * first, and how many lines its direction has up to it; per direction and place, the last
 * group at or before it (-1: none).
 */
type LineGroups = { of: Int32Array; first: Uint8Array; counts: Float64Array; last: Int32Array };

function lineGroups(angle: Uint8Array, offset: Int32Array, slots: number): LineGroups {
  const of = new Int32Array(angle.length);
  const first: number[] = [];
  const counts: number[] = [];
  const last = new Int32Array(ANGLES * slots).fill(-1);
  for (let n = 0, g = -1; n < angle.length; n++) {
    const row = angle[n] as number;
    const starts = n === 0 || row !== angle[n - 1];
    if (starts || offset[n] !== offset[n - 1]) {
      g++;
      first.push(starts ? 1 : 0);
      counts.push(starts ? 0 : (counts[g - 1] as number));
      last[row * slots + (offset[n] as number)] = g;
    }
    of[n] = g;
    counts[g] = (counts[g] as number) + 1;
  }
  for (let row = 0; row < ANGLES; row++) {
    for (let d = 1; d < slots; d++) {
      const at = row * slots + d;
      if (last[at] === -1) last[at] = last[at - 1] as number;
    }
  }
  return { of, first: Uint8Array.from(first), counts: Float64Array.from(counts), last };
}

/** An unslid line's end: its known pixel and the next one out, averaged (a little less noise). */
export function endValue(values: Float32Array, lines: EdgeLines, end: number): number {
  const at = values[lines.ends[end] as number] as number;
  const next = lines.beyond[end] as number;
  return next < 0 ? at : 0.5 * (at + (values[next] as number));
}

/**
 * How far a line's ends say an edge runs along it: the edge energy across it, less along it, at
 * both its ends (their geometric mean), falling with its length.
 */
function lineTrust(lines: EdgeLines, { strength }: EndEdges, n: number): number {
  const near = strength[2 * n] as number;
  if (near === 0) return 0;
  return Math.sqrt(near * (strength[2 * n + 1] as number)) * (lines.fade[n] as number);
}

/**
 * Per line end (`2 * n + side`), how strongly an edge runs along the line there: the gradient
 * energy across the line, less along it, times the share it leads by (0 for grain, whose edges
 * run every way, however strong); and how closely the line follows the edge's own direction:
 * the cosine of twice the angle between them (1 along it, 0 at 45 degrees). Read once a frame
 * from the ends' tensors (endTensors).
 */
type EndEdges = { strength: Float64Array; alignment: Float64Array };

function endEdges(lines: EdgeLines, tensors: Float64Array): EndEdges {
  const ends = lines.ends.length;
  const strength = new Float64Array(ends);
  const alignment = new Float64Array(ends);
  for (let end = 0; end < ends; end++) {
    const { dx, dy } = DIRECTIONS[lines.angle[end >> 1] as number] as (typeof DIRECTIONS)[number];
    const at = 3 * (lines.endAt[end] as number);
    const xx = tensors[at] as number;
    const xy = tensors[at + 1] as number;
    const yy = tensors[at + 2] as number;
    const across = dy * dy * xx - 2 * dx * dy * xy + dx * dx * yy;
    const along = dx * dx * xx + 2 * dx * dy * xy + dy * dy * yy;
    const lead = Math.max(0, across - along);
    if (lead === 0) continue;
    const spread = Math.sqrt((xx - yy) ** 2 + 4 * xy * xy);
    strength[end] = (lead * lead) / (across + along + 1e-9);
    alignment[end] = lead / (spread + 1e-9);
  }
  return { strength, alignment };
}

/**
 * Whether a profile spreads more than its tolerance (PROFILE_SIGMA): only then may the other
 * end's be slid to meet it. Flatter, any slide matches it as well, and could only slide an edge
 * out of the other end's profile (a line beside a bar, from the ground to the ground).
 */
function showsEdge(values: Float32Array, profile: Int32Array, at: number): boolean {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let j = at; j < at + TAPS; j++) {
    const tap = profile[j] as number;
    if (tap < 0) continue;
    const value = values[tap] as number;
    sum += value;
    squares += value * value;
    count++;
  }
  return count > 0 && squares / count - (sum / count) ** 2 > PROFILE_SIGMA ** 2;
}

/**
 * The mean squared difference of a line's two profiles across it, the far one slid by up to
 * two taps (END_SLIDES) to where they match best when the line is `slidable` (the slide is kept
 * in `kept`); infinite where they share no known tap.
 */
function profileMismatch(
  values: Float32Array,
  { profile, slid }: EdgeLines,
  n: number,
  kept: Int8Array,
  slidable: boolean,
): number {
  let least = Number.POSITIVE_INFINITY;
  for (const slide of slidable ? END_SLIDES : UNSLID) {
    const far = n * SLID_TAPS + MOST_SLIDE + slide;
    const distance = tapDistance(values, profile, 2 * n * TAPS, slid, far);
    if (distance < least) {
      least = distance;
      kept[n] = slide;
    }
  }
  return least;
}

/**
 * How far each end's edge strays from itself OUTWARD pixels further out along the line: the
 * mean squared difference of the two profiles, at the slide that brings them closest, summed
 * over both ends. Taps off the window (a line leaning steeply near it) are not compared; an end
 * with nothing known further out adds nothing.
 */
function outwardMismatch(values: Float32Array, lines: EdgeLines, n: number): number {
  let total = 0;
  for (let end = 2 * n; end < 2 * n + 2; end++) {
    const least = endOutward(values, lines, end);
    if (least < Number.POSITIVE_INFINITY) total += least;
  }
  return total;
}

/** How far one end's edge strays from itself OUTWARD pixels further out (see outwardMismatch). */
function endOutward(values: Float32Array, lines: EdgeLines, end: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (let slide = 0; slide <= 2 * SLIDE; slide++) {
    const at = end * OUTWARD_TAPS + slide;
    least = Math.min(least, tapDistance(values, lines.profile, end * TAPS, lines.outward, at));
  }
  return least;
}

/**
 * How far a line end's profile changed since the `previous` frame (ends are numbered 2n and
 * 2n + 1 for line n): the mean squared difference at the slide (up to SLIDE pixels across the
 * line) that brings them closest; 0 where nothing of it was known. An end's profile is that of
 * its pixel, down a column or along a row (the line's family), so each is compared once per
 * frame, the first time a line asks.
 */
function endsChange(
  values: Float32Array,
  previous: Float32Array,
  { profile, angle, endAt, rim }: EdgeLines,
): (end: number) => number {
  /** Per end pixel and way its profile is read, its change (NaN until a line asks). */
  const changes = new Float64Array(2 * rim.length).fill(Number.NaN);
  const endChange = (end: number) => {
    let least = Number.POSITIVE_INFINITY;
    for (let slide = -SLIDE; slide <= SLIDE; slide++) {
      const now = end * TAPS + Math.max(0, -slide);
      const before = end * TAPS + Math.max(0, slide);
      const taps = TAPS - Math.abs(slide);
      least = Math.min(least, tapDistance(values, profile, now, profile, before, taps, previous));
    }
    return least;
  };
  return (end) => {
    const key = 2 * (endAt[end] as number) + (HORIZONTAL[angle[end >> 1] as number] ? 1 : 0);
    let least = changes[key] as number;
    if (Number.isNaN(least)) {
      least = endChange(end);
      changes[key] = least;
    }
    return least < Number.POSITIVE_INFINITY ? least : 0;
  };
}

/**
 * The mean squared difference over `taps` taps, from `first` at `a` and `second` at `b`, of the
 * pixels both know (-1: a tap not known); infinite where they share none. The second's pixels
 * are read from `secondValues` (another frame's), the first's from `values`.
 */
function tapDistance(
  values: Float32Array,
  first: Int32Array,
  a: number,
  second: Int32Array,
  b: number,
  taps = TAPS,
  secondValues = values,
): number {
  let squared = 0;
  let compared = 0;
  for (let j = 0; j < taps; j++) {
    const p = first[a + j] as number;
    const q = second[b + j] as number;
    if (p < 0 || q < 0) continue;
    const d = (values[p] as number) - (secondValues[q] as number);
    squared += d * d;
    compared++;
  }
  return compared > 0 ? squared / compared : Number.POSITIVE_INFINITY;
}

/**
 * The mean gradient tensor (xx, xy, yy) over the known pixels in a box around each end pixel
 * (the order of `rim`, three numbers each): summed-area tables of the gradient's products at the
 * known pixels whose four neighbours are known too (central differences), read back per box.
 */
function endTensors(values: Float32Array, { width, height, mask, rim, tables }: EdgeLines) {
  const stride = width + 1;
  const [xx, xy, yy, known] = tables as [Float64Array, Float64Array, Float64Array, Float64Array];
  for (let y = 0; y < height; y++) {
    let rowXx = 0;
    let rowXy = 0;
    let rowYy = 0;
    let rowKnown = 0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const inside = x > 0 && y > 0 && x + 1 < width && y + 1 < height;
      if (
        inside &&
        !mask[i] &&
        !mask[i - 1] &&
        !mask[i + 1] &&
        !mask[i - width] &&
        !mask[i + width]
      ) {
        const gx = 0.5 * ((values[i + 1] as number) - (values[i - 1] as number));
        const gy = 0.5 * ((values[i + width] as number) - (values[i - width] as number));
        rowXx += gx * gx;
        rowXy += gx * gy;
        rowYy += gy * gy;
        rowKnown++;
      }
      const t = (y + 1) * stride + x + 1;
      xx[t] = (xx[t - stride] as number) + rowXx;
      xy[t] = (xy[t - stride] as number) + rowXy;
      yy[t] = (yy[t - stride] as number) + rowYy;
      known[t] = (known[t - stride] as number) + rowKnown;
    }
  }
  const boxSum = (table: Float64Array, x0: number, y0: number, x1: number, y1: number) =>
    (table[y1 * stride + x1] as number) -
    (table[y0 * stride + x1] as number) -
    (table[y1 * stride + x0] as number) +
    (table[y0 * stride + x0] as number);
  const tensors = new Float64Array(3 * rim.length);
  rim.forEach((pixel, r) => {
    const x = pixel % width;
    const y = (pixel - x) / width;
    const x0 = Math.max(0, x - TENSOR_RADIUS);
    const y0 = Math.max(0, y - TENSOR_RADIUS);
    const x1 = Math.min(width, x + TENSOR_RADIUS + 1);
    const y1 = Math.min(height, y + TENSOR_RADIUS + 1);
    const count = boxSum(known, x0, y0, x1, y1);
    if (count === 0) return;
    tensors[3 * r] = boxSum(xx, x0, y0, x1, y1) / count;
    tensors[3 * r + 1] = boxSum(xy, x0, y0, x1, y1) / count;
    tensors[3 * r + 2] = boxSum(yy, x0, y0, x1, y1) / count;
  });
  return tensors;
}
