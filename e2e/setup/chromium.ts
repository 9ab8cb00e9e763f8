import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const chromiumPath = (): string | undefined =>
  CANDIDATES.find((candidate): candidate is string => candidate !== undefined && existsSync(candidate));
