// Names of detected episodes. The notices table keeps one notice per farm and key, so a key must come out the
// same however often, and on whichever server instance, the episode is detected: it is built from the cow,
// the code and a time the detector derives from the readings alone (the episode's onset), never from the
// moment of detection.

// 'line': a crossing of the user's own alert line (204, 213, 304, 305).
export type EpisodeKind = 'estrus' | 'fever' | 'lowtemp' | 'drinking' | 'activity' | 'calving' | 'line';

export const episodeKey = (kind: EpisodeKind, cowId: number, code: number, start: number): string =>
  `${episodeKeyPrefix(kind, cowId, code)}${new Date(start).toISOString()}`;

const episodeKeyPrefix = (kind: EpisodeKind, cowId: number, code: number): string =>
  `${kind}:cow:${cowId}:${code}:`;

/** What the keys of that cow's episodes of that code share: the key without its start. */
export const prefixOfEpisodeKey = (key: string): string => `${key.split(':').slice(0, 4).join(':')}:`;
