import { ConfigError, loadConfig } from '../../src/config';

/** What `loadConfig` refuses in this environment (each line a problem), or nothing when it starts. */
export const configProblems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};
