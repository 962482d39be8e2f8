/**
 * A byte-level pass over inflated XML, run before the SAX parser sees a chunk: it refuses a run of
 * text (or CDATA) longer than `maxTextBytes`, and a tag, comment or processing instruction longer
 * than `maxTagBytes`, so the parser never accumulates a large string. DOCTYPE and other
 * declarations are refused outright (no part of an xlsx has one).
 */

export type XmlGuardLimits = { maxTextBytes: number; maxTagBytes: number };

export type XmlGuardFailure = 'text' | 'tag' | 'declaration';

export class XmlGuardError extends Error {
  constructor(readonly reason: XmlGuardFailure) {
    super(`xml guard: ${reason}`);
  }
}

const LT = 0x3c;
const GT = 0x3e;
const QUOT = 0x22;
const APOS = 0x27;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const RBRACKET = 0x5d;

const TEXT = 0;
/** Just after '<' (or '<!…'), deciding what follows. */
const OPEN = 1;
const TAG = 2;
const QUOTED = 3;
const COMMENT = 4;
const CDATA = 5;
const PI = 6;

const CDATA_OPEN = '![CDATA[';
const COMMENT_OPEN = '!--';

export class XmlByteGuard {
  private state = TEXT;
  private run = 0;
  private quote = 0;
  private prev1 = 0;
  private prev2 = 0;
  private opening = '';

  constructor(private readonly limits: XmlGuardLimits) {}

  check(chunk: Buffer): void {
    const { maxTextBytes, maxTagBytes } = this.limits;
    const n = chunk.length;
    let { state, run, prev1, prev2 } = this;
    let i = 0;
    while (i < n) {
      // plain loops: most runs are a few bytes, shorter than a native indexOf call costs
      if (state === TEXT) {
        let j = i;
        while (j < n && chunk[j] !== LT) j++;
        run += j - i;
        if (run > maxTextBytes) throw new XmlGuardError('text');
        if (j === n) break;
        state = OPEN;
        this.opening = '';
        run = 1;
        i = j + 1;
        continue;
      }
      if (state === TAG) {
        let j = i;
        let b = 0;
        while (j < n) {
          b = chunk[j]!;
          if (b === GT || b === QUOT || b === APOS) break;
          j++;
        }
        run += j - i;
        if (j < n) {
          run++;
          if (b === GT) {
            state = TEXT;
            run = 0;
          } else {
            this.quote = b;
            state = QUOTED;
          }
        }
        i = j + 1;
      } else if (state === QUOTED) {
        const quote = this.quote;
        let j = i;
        while (j < n && chunk[j] !== quote) j++;
        run += j - i;
        if (j < n) {
          run++;
          state = TAG;
        }
        i = j + 1;
      } else {
        const b = chunk[i++]!;
        run++;
        if (state === OPEN) {
          if (this.opening === '' && b !== BANG) {
            state = b === QUESTION ? PI : b === GT ? TEXT : TAG;
            if (state === TEXT) run = 0;
          } else {
            this.opening += String.fromCharCode(b);
            if (this.opening === COMMENT_OPEN) state = COMMENT;
            else if (this.opening === CDATA_OPEN) {
              state = CDATA;
              run = 0;
            } else if (!COMMENT_OPEN.startsWith(this.opening) && !CDATA_OPEN.startsWith(this.opening)) throw new XmlGuardError('declaration');
          }
          // the closing sequence is looked for only after the opening one
          prev1 = prev2 = 0;
          continue;
        }
        if (b === GT && ((state === COMMENT && prev1 === DASH && prev2 === DASH) || (state === CDATA && prev1 === RBRACKET && prev2 === RBRACKET) || (state === PI && prev1 === QUESTION))) {
          state = TEXT;
          run = 0;
          continue;
        }
        prev2 = prev1;
        prev1 = b;
      }
      if (run > (state === CDATA ? maxTextBytes : maxTagBytes)) throw new XmlGuardError(state === CDATA ? 'text' : 'tag');
    }
    this.state = state;
    this.run = run;
    this.prev1 = prev1;
    this.prev2 = prev2;
  }
}
