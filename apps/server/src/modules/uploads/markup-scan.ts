/** Where browsers look when they sniff a type (the WHATWG sniffing window is 1,445 bytes), with margin. */
export const MARKUP_HEAD_BYTES = 8 * 1024;

/** Opening tags that make a browser or a sniffer treat a file as a page or a drawing that runs script. */
const HEAD_MARKERS = [
  '<!doctype',
  '<html',
  '<head',
  '<body',
  '<script',
  '<svg',
  '<iframe',
  '<object',
  '<embed',
  '<?xml-stylesheet',
];

/**
 * Markers long enough that compressed pixels or streams almost never hold them by chance (a 7-byte
 * case-insensitive match: about 1 in 10^8 per 10 MiB of random bytes), so they are looked for everywhere.
 */
const WHOLE_FILE_MARKERS = ['<script', '<iframe', '<!doctype'];

const containsAny = (text: string, markers: readonly string[]) =>
  markers.some((marker) => text.includes(marker));

/**
 * Whether the file carries HTML or script markup: any opening tag in its first 8 KiB, or a script, frame or
 * doctype anywhere. A picture or report never does; a polyglot (a PNG signature before a page) does.
 */
export const carriesMarkup = (bytes: Buffer): boolean => {
  const head = bytes.toString('latin1', 0, MARKUP_HEAD_BYTES).toLowerCase();
  if (containsAny(head, HEAD_MARKERS)) return true;
  return (
    bytes.length > MARKUP_HEAD_BYTES &&
    containsAny(bytes.toString('latin1').toLowerCase(), WHOLE_FILE_MARKERS)
  );
};
