/**
 * How wide a label is drawn, and how it is cut into lines, without a canvas: the charts size their label
 * column before the text is on screen, and the same answer in tests and on every device keeps it stable.
 */

/** East Asian wide letters (Hangul, kana, CJK ideographs, fullwidth forms) take a full em. */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;
/** Marks set over or under the letter before (combining accents, Thai vowels and tones) take none. */
const MARK = /[\u0300-\u036F\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u;
/** Spaces and thin punctuation, as in '05/11, 08:00', take about a third of an em. */
const THIN = /[\s.,:;/'|!()-]/u;
const THIN_EM = 0.35;
/** Digits are set at a fixed width, a little over half an em. */
const DIGIT = /[0-9]/u;
const DIGIT_EM = 0.55;
/** Latin, Cyrillic and Thai letters average a little over half an em at the charts' sizes. */
const NARROW_EM = 0.6;

function emsOf(char: string): number {
  if (WIDE.test(char)) return 1;
  if (MARK.test(char)) return 0;
  if (THIN.test(char)) return THIN_EM;
  return DIGIT.test(char) ? DIGIT_EM : NARROW_EM;
}

const ELLIPSIS = '…';

/** The width in px of `text` at `fontSize` px: an estimate that errs on the wide side. */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += emsOf(char);
  return ems * fontSize;
}

/** Where a line may break, by the language's own rules: at spaces, between CJK letters, between Thai words. */
function breakPieces(text: string, bcp47: string): string[] {
  const segmenter = new Intl.Segmenter(bcp47, { granularity: 'word' });
  return Array.from(segmenter.segment(text), (piece) => piece.segment);
}

/** The letters of a piece too wide for a line on its own, one grapheme at a time. */
function graphemes(text: string, bcp47: string): string[] {
  const segmenter = new Intl.Segmenter(bcp47, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (piece) => piece.segment);
}

/** Pieces laid into lines no wider than `maxWidth`, a piece wider than a line cut between its letters. */
function layLines(pieces: readonly string[], maxWidth: number, fontSize: number, bcp47: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (textWidth(line + piece, fontSize) <= maxWidth) {
      line += piece;
    } else if (textWidth(piece, fontSize) <= maxWidth) {
      lines.push(line);
      line = piece;
    } else {
      for (const letter of graphemes(piece, bcp47)) {
        if (textWidth(line + letter, fontSize) > maxWidth && line !== '') {
          lines.push(line);
          line = '';
        }
        line += letter;
      }
    }
  }
  lines.push(line);
  // Untrimmed, so the lines joined are the text again.
  return lines.filter((text) => text.trim() !== '');
}

/** `line` cut short enough to end with '…' within `maxWidth`. */
function ellipsized(line: string, maxWidth: number, fontSize: number, bcp47: string): string {
  const letters = graphemes(line, bcp47);
  while (letters.length > 0 && textWidth(`${letters.join('').trimEnd()}${ELLIPSIS}`, fontSize) > maxWidth) {
    letters.pop();
  }
  return `${letters.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * `text` in at most `maxLines` lines no wider than `maxWidth`, broken where the language allows; what does
 * not fit ends the last line with '…' (the full text is in the chart's caption).
 */
export function fitLines(
  text: string,
  maxWidth: number,
  fontSize: number,
  bcp47: string,
  maxLines = 2,
): string[] {
  const lines = layLines(breakPieces(text, bcp47), maxWidth, fontSize, bcp47);
  if (lines.length <= maxLines) return lines.map((line) => line.trim());
  const rest = lines.slice(maxLines - 1).join('');
  return [
    ...lines.slice(0, maxLines - 1).map((line) => line.trim()),
    ellipsized(rest.trim(), maxWidth, fontSize, bcp47),
  ];
}
